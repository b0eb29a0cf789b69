# WidgetThumbnails: the two set-up commands of the README are `make setup` and `make demo`.
# Every target that builds first installs the missing system packages (scripts/install-deps.sh),
# asking first on a terminal.

SWIFT    ?= swift
PREFIX   ?= /usr/local
SAMPLES  ?= SampleImages
DEMO_OUT ?= out/demo

.PHONY: all setup build release install demo test bench bench-families clean fuzz fuzz-build fuzz-replay sanitize test-asan test-tsan test-asan-regressions \
        test-store test-store-portable docs doc-coverage examples catalog catalog-check preview-screenshot

all: build

## setup: install the missing apt packages (libturbojpeg0-dev libpng-dev libwebp-dev libheif-dev ...),
## asking first; UPGRADE=1 also upgrades the installed image libraries (what .ci/run does)
setup:
	@bash scripts/install-deps.sh

## build: debug build
build: setup
	$(SWIFT) build

# What a first build of widget-thumbs takes on 2 cores (README.md, "Set-up", has the
# measurements): said before the build, so a new user knows the wait is normal.
FIRST_DEBUG_BUILD   ?= about 1 minute on 2 cores (49 s of CPU)
FIRST_RELEASE_BUILD ?= about 2 minutes of CPU, 1-2 minutes on 2 idle cores, up to 6 on busy ones

## release: optimised build of widget-thumbs and the libraries it links, nothing else (no test,
## fuzz or benchmark target)
release: setup
	@[ -x "$$($(SWIFT) build -c release --show-bin-path)/widget-thumbs" ] || \
		echo "release: first build of widget-thumbs: $(FIRST_RELEASE_BUILD); later builds take seconds"
	$(SWIFT) build -c release --product widget-thumbs

## demo: build widget-thumbs alone (debug, the build `make test` goes on from), run it over
## SampleImages/ into out/demo/ with a preview page, out/demo/preview.html (broken/ files fail on purpose)
demo: setup
	@[ -x "$$($(SWIFT) build --show-bin-path)/widget-thumbs" ] || \
		echo "demo: first build of widget-thumbs: $(FIRST_DEBUG_BUILD); later builds take seconds"
	$(SWIFT) build --product widget-thumbs
	@bash scripts/demo.sh "$$($(SWIFT) build --show-bin-path)/widget-thumbs" "$(SAMPLES)" "$(DEMO_OUT)"

## install: the release widget-thumbs, its manual page and its bash, zsh and fish completions
## under PREFIX (default /usr/local; DESTDIR for packaging; Docs/shell.md)
install: release
	@bash scripts/install.sh "$$($(SWIFT) build -c release --show-bin-path)/widget-thumbs" "$(PREFIX)"

## test: the whole test suite (corpus tests skip, with a message, without ../shared/corpus)
test: setup
	$(SWIFT) test

## preview-screenshot: Docs/preview.png, the README's screenshot of the --preview page,
## rendered by the browser tests' headless Chromium from SampleImages
preview-screenshot: setup
	WIDGET_THUMBS_SCREENSHOT="$(CURDIR)/Docs/preview.png" $(SWIFT) test --filter PreviewScreenshot

## bench: throughput, latency, CPU and peak memory against vipsthumbnail, Pillow and the decode
## floor; installs the missing peers, rewrites the results in Benchmarks/README.md
bench: setup
	@command -v vipsthumbnail >/dev/null && command -v djpeg >/dev/null && command -v dwebp >/dev/null || \
		{ SUDO=$$([ $$(id -u) -eq 0 ] || echo sudo); $$SUDO apt-get update && \
		  $$SUDO apt-get install -y libvips-tools libjpeg-turbo-progs webp; }
	@python3 -c "import PIL, numpy" 2>/dev/null || python3 -m pip install pillow numpy
	$(SWIFT) build -c release --product ThumbnailBenchmarks
	python3 Benchmarks/run.py $(BENCH_ARGS)

## bench-families: `batch --families all` against one run per family and vipsthumbnail's crops;
## rewrites its section of Benchmarks/README.md
bench-families: setup
	@command -v vipsthumbnail >/dev/null || { SUDO=$$([ $$(id -u) -eq 0 ] || echo sudo); \
		$$SUDO apt-get update && $$SUDO apt-get install -y libvips-tools; }
	$(SWIFT) build -c release --product widget-thumbs
	python3 Benchmarks/families.py $(BENCH_ARGS)

# Fuzzing and sanitizers (Fuzz/README.md). Sanitized builds use their own scratch paths so they
# never invalidate the normal .build/debug.
FUZZ_SECONDS  ?= 60
FUZZ_PARALLEL ?= 2
FUZZ_TARGETS  ?= FuzzJPEG FuzzPNG FuzzWebP FuzzHEIF FuzzSnapshot
FUZZ_SCRATCH  ?= .build/fuzz
FUZZ_WORK     ?= .build/fuzz-work
# SwiftPM passes -sanitize=fuzzer and -sanitize=address to swiftc as two flags, and swiftc keeps
# only the last (which one varies between builds): Swift code got either coverage or ASan, never
# both. The combined -Xswiftc flag comes after them and wins.
FUZZ_FLAGS     = -c release --scratch-path $(FUZZ_SCRATCH) --sanitize=fuzzer --sanitize=address \
                 -Xswiftc -sanitize=fuzzer,address -Xswiftc -DWT_LIBFUZZER
# The hostile-input and regression suites: what CI runs under AddressSanitizer.
HOSTILE_TESTS ?= FuzzRegressionTests|JSONValueHostileTests|HostileInput|FormatBombTests|JPEGDecoderTests|JPEGRowReaderTests|ResamplingKernelTests|MeasureKernelTests|PNGDecoderTests|WebPDecoderTests|HEIFDecoderTests|HEIFHostileTests

## fuzz-build: the five libFuzzer targets, with AddressSanitizer (release)
fuzz-build: setup
	@for target in $(FUZZ_TARGETS); do $(SWIFT) build $(FUZZ_FLAGS) --product $$target || exit 1; done

## fuzz: seeds from Fuzz/make-seeds.py, then each target for FUZZ_SECONDS (default 60), FUZZ_PARALLEL at a time
fuzz: fuzz-build
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_PARALLEL=$(FUZZ_PARALLEL) bash Fuzz/run-fuzzers.sh \
		"$$($(SWIFT) build $(FUZZ_FLAGS) --show-bin-path)" $(FUZZ_WORK) $(FUZZ_TARGETS)

## fuzz-replay: run each target once over fresh seeds and Fuzz/regressions (no fuzzing; < 1 min)
fuzz-replay: fuzz-build
	python3 Fuzz/make-seeds.py $(FUZZ_WORK)/seeds
	@bin="$$($(SWIFT) build $(FUZZ_FLAGS) --show-bin-path)"; for target in $(FUZZ_TARGETS); do \
		$$bin/$$target -runs=0 -rss_limit_mb=1024 -malloc_limit_mb=256 -timeout=10 \
			$(FUZZ_WORK)/seeds/$$target Fuzz/regressions/$$target || exit 1; done

# Every test uses Swift Testing; XCTest's empty pass leaks 144 bytes of its own (LeakSanitizer
# fails the run), so sanitized runs skip it.
SANITIZED_TEST = $(SWIFT) test --disable-xctest

## test-asan-regressions: the regression files and hostile-input suites under AddressSanitizer (CI)
test-asan-regressions: setup
	$(SANITIZED_TEST) --scratch-path .build/asan --sanitize=address --filter '$(HOSTILE_TESTS)'

## test-asan: the whole test suite under AddressSanitizer
test-asan: setup
	$(SANITIZED_TEST) --scratch-path .build/asan --sanitize=address

## test-tsan: the concurrent tests (store, locks, pipeline, batch) under ThreadSanitizer
TSAN_TESTS ?= Snapshot|ContainerLock|ConfinedPath|ChildProcess|Batch|Pipeline|Locked|StoreConcurrency
test-tsan: setup
	$(SANITIZED_TEST) --scratch-path .build/tsan --sanitize=thread --filter '$(TSAN_TESTS)'

# The store suite: WidgetSnapshots' own tests and the CLI's store tests (crash loop with SIGKILL,
# concurrent writers, hostile paths, fault injection, gc racing readers).
STORE_TESTS ?= WidgetSnapshotsTests|Store

## test-store: the store suite on Linux's fast paths (openat2, O_TMPFILE, renameat2, OFD locks)
test-store: setup
	WIDGET_SNAPSHOTS_FS=fast $(SWIFT) test --filter '$(STORE_TESTS)'

## test-store-portable: the store suite with the portable POSIX paths forced (component walk,
## named temporary + link(2), flock), as Apple platforms and other Unixes run it
test-store-portable: setup
	WIDGET_SNAPSHOTS_FS=portable $(SWIFT) test --filter '$(STORE_TESTS)'

## docs: WidgetSnapshots' DocC archive (prints its path) and its undocumented-symbol count
docs: setup
	@bash scripts/docs.sh docs

## doc-coverage: undocumented public symbols of WidgetSnapshots, WidgetRules and WidgetThumbnails (fails above 0)
doc-coverage: setup
	@bash scripts/docs.sh coverage

## catalog: compile Data/widget-catalog.json into the library (Sources/WidgetRules/Catalog/Generated/) and rewrite Docs/catalogue.md's device table
catalog:
	python3 scripts/generate-catalog.py

## catalog-check: fail when the compiled-in catalogue or Docs/catalogue.md's table is older than the JSON
catalog-check:
	python3 scripts/generate-catalog.py --check

## examples: every code block and link of README.md and Docs/ checked (transcripts run), the library
## snippet and Examples/WidgetClient built and run
examples: setup
	@bash scripts/check-examples.sh

## sanitize: test-asan then test-tsan
sanitize: test-asan test-tsan

## clean: build output and demo output
clean:
	$(SWIFT) package clean
	rm -rf out
