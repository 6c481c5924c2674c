# Build: the same `cargo build --release --locked` that the benchmarks make.
FROM rust:1-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock build.rs schema.cql ./
COPY src src
COPY templates templates
COPY static static
COPY locales locales
RUN cargo build --release --locked --bin sibyl

# Run: the binary alone (templates, stylesheet and schema.cql are compiled into it) on a
# slim image, as an unprivileged user, with the embedded store on a volume.
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends libssl3 \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --create-home --home-dir /var/lib/sibyl sibyl \
 && mkdir -p /var/lib/sibyl/data && chown sibyl /var/lib/sibyl/data
COPY --from=build /src/target/release/sibyl /usr/local/bin/sibyl
COPY templates /usr/share/sibyl/templates
COPY static /usr/share/sibyl/static
COPY schema.cql /usr/share/sibyl/schema.cql
USER sibyl
WORKDIR /var/lib/sibyl
ENV SIBYL_LISTEN=0.0.0.0:8080 \
    SIBYL_STORE=sqlite:/var/lib/sibyl/data/sibyl.db
EXPOSE 8080
VOLUME /var/lib/sibyl/data
ENTRYPOINT ["sibyl"]
CMD ["serve"]
