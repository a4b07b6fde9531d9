# The appliance as a container: Node 20 brings npm, npm brings Bun.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build --config web/vite.config.ts
ENV PORT=8080 MQTT_PORT=1883 ATRIUM_DATA_DIR=/data
EXPOSE 8080 1883
VOLUME ["/data"]
CMD ["npx", "bun", "server/main.ts"]
