# The `swedbankpay` command (Merchant Backend, sandbox, serve, migrate) in a small image, x86-64
# (the only architecture built and run here).
#   docker build -t swedbankpay .            (BuildKit: Docker 23 or later, or DOCKER_BUILDKIT=1)
#   docker run -p 8080:8080 -e SWEDBANKPAY_MERCHANT_TOKEN=... swedbankpay backend ...
# compose.yaml runs it as the cluster of docs/deployment.md; scripts/compose-test builds and runs
# both on every test run, with the base images below replaced by local stand-ins (see there).

# The base images, as build arguments so a machine without registry access can name its own
# images of the same contract. BINARY_FROM names the stage or image whose /staging directory
# holds bin/swedbankpay with the resource bundles beside it (the SDK's localized texts), the
# backtracer in libexec/swift/linux and, for a binary linking the Swift runtime dynamically,
# lib/swift/linux:
# `build` compiles it here; scripts/compose-test passes an image holding the test run's own binary.
ARG SWIFT_IMAGE=swift:6.3-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim
ARG BINARY_FROM=build

# 1. Build: the release binary with the Swift runtime linked in statically.
FROM ${SWIFT_IMAGE} AS build
WORKDIR /src
# The dependencies first, in a layer of their own: it is rebuilt only when a manifest changes, not
# with every source change. The server package reaches the SDK and the example app's core by path,
# so their manifests come too: the root's two (the server package takes the sandbox's targets from
# the one for Swift 6.2 and later, with its trait `Server`; resolving needs no sources).
COPY Package.swift Package@swift-6.2.swift ./
COPY Examples/SwedbankPayExample.swiftpm/Package.swift Examples/SwedbankPayExample.swiftpm/
COPY Server/Package.swift Server/Package.resolve[d] Server/
RUN swift package --package-path Server resolve
# Then the sources (the whole checkout less .dockerignore).
COPY . .
RUN swift build -c release --package-path Server --product swedbankpay --static-swift-stdlib \
    && mkdir -p /staging/bin /staging/libexec/swift/linux \
    && bin="$(swift build -c release --package-path Server --show-bin-path)" \
    && cp "$bin/swedbankpay" /staging/bin/ \
    && cp -R "$bin"/*.resources /staging/bin/ \
    && cp /usr/libexec/swift/linux/swift-backtrace-static /staging/libexec/swift/linux/

FROM ${BINARY_FROM} AS binary

# 2. Run: Debian slim, curl for the health check, a user without privileges.
FROM ${RUNTIME_IMAGE}
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ca-certificates curl tzdata \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --create-home --home-dir /var/lib/swedbankpay swedbankpay
COPY --from=binary /staging/ /usr/local/
# A binary linked against the Swift runtime finds it here (the release build links it statically).
RUN if [ -d /usr/local/lib/swift/linux ]; then echo /usr/local/lib/swift/linux >/etc/ld.so.conf.d/swift.conf && ldconfig; fi
USER swedbankpay
WORKDIR /var/lib/swedbankpay
# The SQLite file of a backend without DATABASE_URL lives here (`swedbankpay.sqlite`): a volume,
# so it outlives the container.
VOLUME /var/lib/swedbankpay
# A crash prints a backtrace of every thread to standard error (the container's log) and exits.
ENV SWEDBANKPAY_HOST=0.0.0.0 PORT=8080 \
    SWIFT_BACKTRACE=enable=yes,sanitize=yes,threads=all,images=all,interactive=no,swift-backtrace=/usr/local/libexec/swift/linux/swift-backtrace-static
EXPOSE 8080
# /readyz: the database answers, its schema is current, the process is not draining. The sandbox
# answers /readyz too.
HEALTHCHECK --interval=5s --timeout=2s --start-period=10s --retries=3 \
    CMD curl -fsS "http://127.0.0.1:${PORT}/readyz" || exit 1
ENTRYPOINT ["swedbankpay"]
CMD ["backend"]
