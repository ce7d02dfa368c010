# The sevens server as an image: Python 3.11 (Debian bookworm), the package with its multinode extra (Redis,
# PostgreSQL) at exactly the versions CI tests (.ci/constraints.txt), run as a user without privileges, healthy
# while /api/health answers. compose.yaml builds it; docs/deploy.md explains.
# Build: docker build -t sevens:local .   (podman build -t sevens:local . works the same)

# The dependencies pyproject.toml declares (the package's own and its multinode extra) as a requirements file:
# the next stage copies only that file, so a change elsewhere in pyproject.toml (a tool's settings) reuses the
# installed dependencies instead of installing them all again.
FROM docker.io/library/python:3.11-slim-bookworm AS requirements
COPY pyproject.toml /pyproject.toml
RUN python3 -c "import tomllib; p = tomllib.load(open('/pyproject.toml', 'rb'))['project']; \
print('\n'.join(p['dependencies'] + p['optional-dependencies']['multinode']))" > /requirements.txt

# The dependencies, in a stage of their own that is reused until they or the constraints change: a virtual
# environment (one tree to copy, no clash with a distribution's own Python).
FROM docker.io/library/python:3.11-slim-bookworm AS dependencies
RUN python3 -m venv /opt/sevens
COPY .ci/constraints.txt /src/constraints.txt
COPY --from=requirements /requirements.txt /src/requirements.txt
RUN /opt/sevens/bin/pip install --no-cache-dir --disable-pip-version-check -c /src/constraints.txt \
        -r /src/requirements.txt

FROM docker.io/library/python:3.11-slim-bookworm
RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin sevens
COPY --from=dependencies /opt/sevens /opt/sevens
COPY .ci/constraints.txt pyproject.toml README.md /tmp/sevens/
COPY src /tmp/sevens/src
RUN /opt/sevens/bin/pip install --no-cache-dir --disable-pip-version-check --no-deps -c /tmp/sevens/constraints.txt \
        '/tmp/sevens[multinode]' \
    && /opt/sevens/bin/pip check && rm -rf /tmp/sevens
USER sevens
WORKDIR /home/sevens
ENV PATH=/opt/sevens/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    SEVENS_LOG_FORMAT=json
EXPOSE 8000
# Docker runs this; podman keeps it only with --format docker (it builds OCI images by default).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/api/health', timeout=2)"]
CMD ["sevens", "serve", "--host", "0.0.0.0", "--port", "8000"]
