# smokeflow in a container: Debian's Chromium and fonts, the static binary,
# a user that is not root (docs/running.md "Docker").
#
#   docker build -t smokeflow --build-arg VERSION=0.2.0 \
#     --build-arg COMMIT=$(git rev-parse HEAD) --build-arg DATE=$(date -u +%FT%TZ) .
#   docker run --rm --cap-add=SYS_ADMIN -v "$PWD:/work" smokeflow run flows/ --base-url https://staging.example.com
#
# Chromium's sandbox: smokeflow adds --no-sandbox only when it runs as root
# (browser/browser.go). Here it runs as the user smokeflow, so Chromium
# keeps its sandbox, and the sandbox needs namespaces that Docker's default
# seccomp profile refuses to a container without CAP_SYS_ADMIN: hence
# --cap-add=SYS_ADMIN above, or a seccomp profile that allows them
# (docs/running.md "Docker" says the choices).

ARG GO_VERSION=1.26

FROM golang:${GO_VERSION}-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=0.1.0-dev
ARG COMMIT=""
ARG DATE=""
# static: nothing in smokeflow needs cgo (docs/running.md "Memory")
RUN CGO_ENABLED=0 go build -trimpath \
      -ldflags "-s -w -X main.version=${VERSION} -X main.commit=${COMMIT} -X main.date=${DATE}" \
      -o /out/ ./cmd/smokeflow ./cmd/smokeflow-cli ./cmd/smokeflow-session

FROM debian:bookworm-slim
# the install step CI and the GitHub Action run too
COPY scripts/install-chromium.sh /usr/local/lib/smokeflow/install-chromium.sh
RUN bash /usr/local/lib/smokeflow/install-chromium.sh --fonts --clean
RUN useradd --create-home --uid 10001 --user-group --shell /usr/sbin/nologin smokeflow
# smokeflow, the front, hands smokeflow-cli what it does not answer, and
# smokeflow-session serves agent sessions, all three side by side
# (docs/agent-session.md "The front", "The process")
COPY --from=build /out/smokeflow /out/smokeflow-cli /out/smokeflow-session /usr/local/bin/
USER smokeflow
WORKDIR /work
ENTRYPOINT ["smokeflow"]
CMD ["run"]
