# Henhouse ordering platform. `make run` starts the site; `make test` runs every test.
SHELL := /bin/bash
PORT ?= 8080
# npm workspaces, as the root package.json lists them (the one place they are named).
WORKSPACES := $(shell node -p "require('./package.json').workspaces.join(' ')")
# TypeScript types of the /api contract, generated from it (docs/architecture.md, "API types").
API_TYPES := kit/src/api/schema.d.ts
# Go packages of the project (./... would also walk node_modules, where npm packages may ship Go).
GO_PACKAGES := ./api/... ./edge/... ./bench/...
GO_SOURCES := $(wildcard api/*.go api/*.yaml) $(shell find edge -name '*.go' -not -name '*_test.go') $(shell find edge -path '*/data/*' -type f) go.mod go.sum

.PHONY: run start build deps mock lint test test-go test-fuzz test-js test-e2e typecheck bench clean stripe-mock

run: build start ## install what is missing, build everything, start on http://127.0.0.1:$(PORT)

start: ## start what is built, no rebuild
	@test -x bin/edge || { echo "Nothing is built yet: run 'make build' (or 'make run')."; exit 1; }
	PORT=$(PORT) COOKIE_SECURE=$${COOKIE_SECURE:-false} APP_ENV=$${APP_ENV:-dev} DEV_ENDPOINTS=$${DEV_ENDPOINTS:-true} ./bin/edge

deps: node_modules/.installed $(API_TYPES)

node_modules/.installed: package.json package-lock.json $(addsuffix /package.json,$(WORKSPACES))
	npm ci --no-audit --no-fund
	@touch $@

# Prism serves the hosted loyalty programme's API descriptions to the Go tests of its
# adapter (docs/providers.md, "PAR Punchh"); it is a root devDependency.
PRISM := node_modules/.bin/prism
mock: $(PRISM) ## the API mock server the Go tests start

$(PRISM): node_modules/.installed
	@test -x $@ || npm ci --no-audit --no-fund

$(API_TYPES): api/openapi.yaml | node_modules/.installed
	npm run api:types -w @henhouse/kit

build: deps typecheck bin/edge ## build every workspace and the edge (after the type check)
	npm run build --workspaces --if-present

bin/edge: $(GO_SOURCES)
	go build -o bin/edge ./edge/cmd/edge

typecheck: deps
	npm run api:check -w @henhouse/kit
	npx tsc -p tsconfig.json --noEmit

# Prettier goes last: until the tree has had its one formatting pass, it is the step
# expected to fail, and the checks before it still report.
lint: deps ## ESLint, go vet, staticcheck, the API document's lint, then Prettier's check
	npx eslint --max-warnings 0 $(WORKSPACES) bench scripts '*.js'
	go vet $(GO_PACKAGES)
	go tool staticcheck $(GO_PACKAGES)
	node scripts/lint-openapi.mjs
	npx prettier --check .

test-go: mock stripe-mock
	go test -race -count=1 $(GO_PACKAGES)

# stripe-mock, Stripe's mock of its API: the Stripe processor's tests start it on a
# free port (docs/providers.md, "Stripe"). Installed once, from the Go module proxy.
STRIPE_MOCK_VERSION := v0.203.0
stripe-mock: ## install stripe-mock where the Go tests find it, if it is not there
	@command -v stripe-mock >/dev/null 2>&1 || test -x "$$(go env GOPATH)/bin/stripe-mock" || \
	  go install github.com/stripe/stripe-mock@$(STRIPE_MOCK_VERSION)

# Each parser of outside input, fuzzed for FUZZTIME (docs/operations.md, "Fuzzing").
# Their seed corpora also run in test-go; a failing input is kept under testdata/fuzz.
# A count, not a duration: with a duration Go's fuzz coordinator can fail at the deadline
# with "context deadline exceeded" and no failing input when the machine is busy
# (go.dev/issue/75804, fixed in Go 1.27).
FUZZTIME ?= 60000x
FUZZ_TARGETS := FuzzMatch:./edge/internal/routes FuzzVerify:./edge/internal/auth \
	FuzzResolve:./edge/internal/clientip FuzzDecodeBytes:./edge/internal/httpx \
	FuzzSafeReturn:./edge/internal/api/account
test-fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
	  echo "fuzz $${t%%:*} for $(FUZZTIME)"; \
	  go test -run '^$$' -fuzz "^$${t%%:*}\$$" -fuzztime $(FUZZTIME) $${t#*:}; \
	done

test-js: deps typecheck
	npx jest --config jest.config.js
	node --test scripts/ kit/build/

test-e2e: build
	@command -v $${CHROMIUM_PATH:-/usr/bin/chromium} >/dev/null || { echo "Chromium is missing: apt-get install -y chromium"; exit 1; }
	npm test -w e2e

test: lint test-go test-fuzz test-js test-e2e ## lint, Go tests with -race, fuzzing, jest in every workspace, browser tests

bench: build
	bash bench/run.sh

clean:
	rm -rf build bin node_modules/.cache
