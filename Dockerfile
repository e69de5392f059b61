FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 RISKBOT_DB=/data/riskbot.db
RUN useradd --create-home --uid 10001 riskbot && mkdir /data && chown riskbot /data
WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
RUN pip install --no-cache-dir .
USER riskbot
VOLUME ["/data"]
CMD ["riskbot", "run"]
