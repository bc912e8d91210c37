# boardhost: the Discord bot. Build: `docker build -t boardhost .`
# Run:   docker run -d --name boardhost -e DISCORD_TOKEN=... -v boardhost-data:/data boardhost
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    BOARDHOST_DB=/data/boardhost.db

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY engines ./engines
COPY renderers ./renderers
RUN pip install . \
    && useradd --create-home --uid 10001 boardhost \
    && mkdir -p /data && chown boardhost:boardhost /data

USER boardhost
# Every game lives in this SQLite file (WAL: keep the -wal/-shm files on the same volume).
VOLUME ["/data"]
WORKDIR /data
# Exec form: boardhost is PID 1 and gets docker stop's SIGTERM itself; it closes the bot and the
# database cleanly (WAL checkpointed) and exits 0 well within docker's 10 s grace period.
CMD ["boardhost", "run"]
