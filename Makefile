# WidgetThumbnails: the two commands of the README's quick start are `make demo` and `make test`.
# Every target that builds first installs the missing system packages (scripts/install-deps.sh).

SWIFT    ?= swift
SAMPLES  ?= SampleImages
DEMO_OUT ?= out/demo

.PHONY: all setup build release demo test clean

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

## clean: build output and demo output
clean:
	$(SWIFT) package clean
	rm -rf out
