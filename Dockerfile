# The sevens server as an image: slim Python 3.11, the package with its multinode extra (Redis), run as a
# user without privileges, healthy while /api/health answers. compose.yaml builds it; docs/deploy.md explains.
# Build: docker build -t sevens:local .
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY src ./src
RUN pip install --no-cache-dir --prefix=/install '.[multinode]'

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin sevens
COPY --from=build /install /usr/local
USER sevens
WORKDIR /home/sevens
ENV PYTHONUNBUFFERED=1 \
    SEVENS_LOG_FORMAT=json
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/api/health', timeout=2)"]
CMD ["sevens", "serve", "--host", "0.0.0.0", "--port", "8000"]
