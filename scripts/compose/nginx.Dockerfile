# A stand-in for the public `nginx` image, built from Debian's package for machines that cannot
# reach a container registry (scripts/compose-test): configuration in /etc/nginx, logs to the
# container's output, `nginx -g 'daemon off;'` in the foreground.
ARG BASE_IMAGE
FROM ${BASE_IMAGE}
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx-light curl \
    && rm -rf /var/lib/apt/lists/* \
    && ln -sf /dev/stdout /var/log/nginx/access.log \
    && ln -sf /dev/stderr /var/log/nginx/error.log
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
