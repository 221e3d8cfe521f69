# Searchlight: `make run` indexes the bundled corpus and searches it; `make test` runs every test.
# Both install what they need first (Debian packages via apt-get, idempotently).

SWIFT       ?= swift
BIN         := .build/debug/searchlight
RELEASE_BIN := .build/release/searchlight
APT_PACKAGES := libxapian-dev libstemmer-dev libzstd-dev xapian-tools zlib1g-dev
QUERY       ?= granite waterfall

.PHONY: all deps build release run test eval clean help

all: build

help:
	@echo "make run    - install deps, build, index Corpus/ into .searchlight/, run a sample search"
	@echo "make test   - install deps, build, run all tests, then build and run Examples/BookSearch (make example)"
	@echo "make eval   - ranking quality on CISI, on Cranfield held out (CRANFIELD_SOURCE=DIR), and on named known items of the Debian corpus (Benchmarks/eval)"
	@echo "make eval-multilingual - success@10/MRR@10 per language on XQuAD (12 languages) and Debian translations, against tantivy and FTS5"
	@echo "make bench  - latency and throughput against raw Xapian, SQLite FTS5 and tantivy (SCALE=10, SEED=N, QUERIES=DIR, SHARDS=N)"
	@echo "make benchmarks - package-benchmark suite (Benchmarks/Package.swift): indexing throughput, search/suggest/get latency"
	@echo "make release - optimised build in .build/release (Swift runtime linked statically: a one-shot search starts in a few ms)"

# $(call apt_install,PACKAGES): installs those of the Debian packages that are missing, and
# nothing when none is (needs root or sudo).
define apt_install
@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
if [ -n "$$missing" ]; then \
  echo "Installing:$$missing"; \
  if [ "$$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi; \
  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
fi
endef

deps:
	$(call apt_install,$(APT_PACKAGES))

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --static-swift-stdlib

run: build
	$(BIN) index --schema Corpus/schema.json $(wildcard Corpus/*.jsonl)
	$(BIN) search "$(QUERY)"

test: build
	$(SWIFT) test
	$(MAKE) --no-print-directory example

# Examples/BookSearch, an app that depends on the Searchlight library product alone (by path, in its
# own package): builds and runs it (it fails when a search misses), then checks that no pread, pread64
# or close of ours reached it: the mapped-read interposition (Sources/CMappedReads) is the CLI's
# alone, which must still have it.
EXAMPLE := Examples/BookSearch
.PHONY: example
example: deps
	$(SWIFT) build --package-path $(EXAMPLE)
	bin="$$($(SWIFT) build --package-path $(EXAMPLE) --show-bin-path)/BookSearch" && "$$bin" && Examples/check-no-interposition.sh "$$bin"
	@nm --defined-only $(BIN) | grep -q ' T pread$$' || { echo "$(BIN) lost its mapped reads: no pread defined (Sources/CMappedReads)" >&2; exit 1; }

eval: release
	python3 Benchmarks/eval/cisi.py --bin $(RELEASE_BIN)
	@if [ -n "$(CRANFIELD_SOURCE)" ] || [ -f Benchmarks/work/cranfield/docs.jsonl ]; then \
		python3 Benchmarks/eval/cranfield.py --bin $(RELEASE_BIN) $(if $(CRANFIELD_SOURCE),--source $(CRANFIELD_SOURCE)); \
	else echo "Cranfield (held out): skipped; make eval CRANFIELD_SOURCE=DIR (a folder or git directory with cran.all.1400, cran.qry, cranqrel)"; fi
	@if [ -d Benchmarks/work/index-debian-x1/searchlight ]; then python3 Benchmarks/eval/named_items.py --bin $(RELEASE_BIN) \
		&& python3 Benchmarks/eval/named_items.py --bin $(RELEASE_BIN) --misspelt \
		&& python3 Benchmarks/eval/named_items.py --bin $(RELEASE_BIN) --slip-anywhere \
		&& python3 Benchmarks/eval/named_items.py --bin $(RELEASE_BIN) --split --count 1000 \
		&& python3 Benchmarks/eval/named_items.py --bin $(RELEASE_BIN) --other-words \
		&& python3 Benchmarks/eval/named_items.py --bin $(RELEASE_BIN) --joined \
		&& python3 Benchmarks/eval/named_items.py --bin $(RELEASE_BIN) --typed-prefix \
		&& python3 Benchmarks/eval/named_items.py --bin $(RELEASE_BIN) --typed-words \
		&& python3 Benchmarks/eval/named_items.py --bin $(RELEASE_BIN) --family \
		&& python3 Benchmarks/eval/named_items.py --bin $(RELEASE_BIN) --other-words --name-last; \
	else echo "Named known items: skipped; make bench builds the Debian corpus and its index"; fi

# Multilingual quality (Benchmarks/eval/multilingual.py): XQuAD's questions in 12 languages, one index
# per language and mixed indexes, then known-item queries on Debian's translated descriptions; against
# tantivy (installed into Benchmarks/work/venv) and SQLite FTS5. Figures in Benchmarks/work/multilingual-*.json.
# XQUAD_SOURCE=DIR reads xquad.*.json from a folder or git directory instead of downloading them.
XQUAD_SOURCE ?=
.PHONY: eval-multilingual
eval-multilingual: release bench-deps
	$(MAKE) -s -C Benchmarks work/venv/.tantivy
	python3 Benchmarks/eval/multilingual.py --bin $(RELEASE_BIN) $(if $(XQUAD_SOURCE),--xquad-source $(XQUAD_SOURCE))
	python3 Benchmarks/eval/multilingual.py --bin $(RELEASE_BIN) --collection debian-translations

clean:
	rm -rf .build .searchlight

# Latency and throughput against raw Xapian, SQLite FTS5 and tantivy on the Debian package corpus
# (Benchmarks/run.py; builds the corpus, queries and peers it lacks). `make bench SCALE=10` for 10×,
# `make bench SEED=7` for another draw of queries, `make bench QUERIES=DIR` for your own query files,
# `make bench SHARDS=2` to add a sharded Searchlight index (indexing and search ratios to the single one).
SCALE ?= 1
ROUNDS ?= 3
COUNT  ?= 1000
SEED   ?= 42
SHARDS ?= 1
QUERIES ?=
# The peers' compilers, SQLite's header, Python's venv (tantivy is installed into one) and ICU's
# headers (the multilingual evaluation's `--segmenter icu`).
BENCH_APT_PACKAGES := g++ libsqlite3-dev python3-venv libicu-dev pkg-config
.PHONY: bench bench-deps
bench-deps:
	$(call apt_install,$(BENCH_APT_PACKAGES))

bench: release bench-deps
	python3 Benchmarks/run.py --scale $(SCALE) --rounds $(ROUNDS) --count $(COUNT) --seed $(SEED) --shards $(SHARDS) \
		$(if $(QUERIES),--queries $(QUERIES)) --bin $(RELEASE_BIN)

# The package-benchmark suite (Benchmarks/Package.swift, its own package so the main build stays light):
# indexing throughput and search, suggest and get latency on the bundled corpus; SEARCHLIGHT_BENCH_CORPUS=debian-x1
# adds the generated Debian corpus. Plugin arguments through BENCHMARK_ARGS, e.g.
# `make benchmarks BENCHMARK_ARGS="baseline update main"`, then `… "baseline compare main"`.
BENCHMARK_ARGS ?=
.PHONY: benchmarks
benchmarks: deps
	cd Benchmarks && $(SWIFT) package --disable-sandbox --allow-writing-to-package-directory benchmark $(BENCHMARK_ARGS)
