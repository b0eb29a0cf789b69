# WidgetThumbnails: the two commands of the README's quick start are `make demo` and `make test`.
# Every target that builds first installs the missing system packages (scripts/install-deps.sh).

SWIFT    ?= swift
SAMPLES  ?= SampleImages
DEMO_OUT ?= out/demo

.PHONY: all setup build release demo test bench clean

all: build

## setup: install the missing apt packages (libturbojpeg0-dev libpng-dev libwebp-dev ...)
setup:
	@bash scripts/install-deps.sh

## build: debug build
build: setup
	$(SWIFT) build

## release: optimised build of the library and widget-thumbs
release: setup
	$(SWIFT) build -c release

## demo: run widget-thumbs over SampleImages/ (broken/ files fail on purpose)
demo: release
	@bash scripts/demo.sh "$$($(SWIFT) build -c release --show-bin-path)/widget-thumbs" \
		"$(SAMPLES)" "$(DEMO_OUT)"

## test: the whole test suite (corpus tests skip, with a message, without ../shared/corpus)
test: setup
	$(SWIFT) test

## bench: throughput, latency, CPU and peak memory against vipsthumbnail, Pillow and the decode
## floor; installs the missing peers, rewrites the results in Benchmarks/README.md
bench: setup
	@command -v vipsthumbnail >/dev/null && command -v djpeg >/dev/null && command -v dwebp >/dev/null || \
		{ SUDO=$$([ $$(id -u) -eq 0 ] || echo sudo); $$SUDO apt-get update && \
		  $$SUDO apt-get install -y libvips-tools libjpeg-turbo-progs webp; }
	@python3 -c "import PIL, numpy" 2>/dev/null || python3 -m pip install pillow numpy
	$(SWIFT) build -c release --product ThumbnailBenchmarks
	python3 Benchmarks/run.py $(BENCH_ARGS)

## clean: build output and demo output
clean:
	$(SWIFT) package clean
	rm -rf out
