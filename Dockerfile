# The sevens server as an image: Python 3.11 (Debian bookworm), the package with its multinode extra (Redis,
# PostgreSQL) at exactly the versions CI tests (.ci/constraints.txt), run as a user without privileges, healthy
# while /api/health answers. compose.yaml builds it; docs/deploy.md explains.
# Build: docker build -t sevens:local .   (podman build -t sevens:local . works the same)
FROM docker.io/library/python:3.11-slim-bookworm AS build
WORKDIR /src
# A virtual environment: one tree to copy into the final stage, and no clash with a distribution's own Python.
RUN python3 -m venv /opt/sevens
COPY .ci/constraints.txt pyproject.toml README.md ./
# The dependencies first, in a layer of their own that is reused until pyproject.toml or the constraints change
# (the package itself is an empty stand-in here and is installed for real below).
RUN mkdir -p src/sevens && touch src/sevens/__init__.py \
    && /opt/sevens/bin/pip install --no-cache-dir --disable-pip-version-check -c constraints.txt '.[multinode]' \
    && rm -rf src
COPY src ./src
RUN /opt/sevens/bin/pip install --no-cache-dir --disable-pip-version-check --no-deps -c constraints.txt '.[multinode]' \
    && /opt/sevens/bin/pip check

FROM docker.io/library/python:3.11-slim-bookworm
RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin sevens
COPY --from=build /opt/sevens /opt/sevens
USER sevens
WORKDIR /home/sevens
ENV PATH=/opt/sevens/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    SEVENS_LOG_FORMAT=json
EXPOSE 8000
# Docker runs this; podman only with --format docker (compose.yaml's own healthcheck says the same for both).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/api/health', timeout=2)"]
CMD ["sevens", "serve", "--host", "0.0.0.0", "--port", "8000"]
