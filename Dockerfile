# The `swedbankpay` command (Merchant Backend, sandbox, serve) in a small image.
#   docker build -t swedbankpay .
#   docker run -p 8080:8080 -e SWEDBANKPAY_MERCHANT_TOKEN=... swedbankpay backend ...
# compose.yaml runs it as the cluster of docs/deployment.md. No Docker engine runs where this
# project's CI runs, so this file is not built there (docs/deployment.md says what is tested).

# 1. Build: the release binary with the Swift runtime linked in statically.
FROM swift:6.3-bookworm AS build
WORKDIR /src
# The whole checkout (less .dockerignore): the server package uses the SDK package at the root.
COPY . .
RUN swift build -c release --package-path Server --product swedbankpay --static-swift-stdlib \
    && cp "$(swift build -c release --package-path Server --show-bin-path)/swedbankpay" /swedbankpay

# 2. Run: Debian slim, curl for the health check, a user without privileges.
FROM debian:bookworm-slim
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ca-certificates curl tzdata \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --create-home --home-dir /var/lib/swedbankpay swedbankpay
COPY --from=build /swedbankpay /usr/local/bin/swedbankpay
USER swedbankpay
WORKDIR /var/lib/swedbankpay
ENV SWEDBANKPAY_HOST=0.0.0.0 PORT=8080
EXPOSE 8080
HEALTHCHECK --interval=5s --timeout=2s --start-period=10s --retries=3 \
    CMD curl -fsS "http://127.0.0.1:${PORT}/healthz" || exit 1
ENTRYPOINT ["swedbankpay"]
CMD ["backend"]
