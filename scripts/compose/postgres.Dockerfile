# A stand-in for the public `postgres` image, built from Debian's packages for machines that cannot
# reach a container registry (scripts/compose-test). It keeps the public image's contract as far as
# compose.yaml uses it: POSTGRES_USER, POSTGRES_PASSWORD (or POSTGRES_PASSWORD_FILE) and POSTGRES_DB,
# the cluster initialised on first start in /var/lib/postgresql/data, port 5432, `pg_isready`.
ARG BASE_IMAGE
FROM ${BASE_IMAGE}
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
    && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
EXPOSE 5432
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
