# make [build]                 swift build -c release --static-swift-stdlib
# make install PREFIX=DIR      the binary, its bundled feeds, the man page and completions
# make uninstall PREFIX=DIR
# (DESTDIR=DIR stages under DIR, for packagers.) The work is done by Scripts/install.sh.
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT_FLAGS = -c release --static-swift-stdlib

.PHONY: build install uninstall

build:
	swift build $(SWIFT_FLAGS) --product artfeed

install: build
	Scripts/install.sh --prefix "$(PREFIX)" --destdir "$(DESTDIR)" \
	  --bin-dir "$$(swift build $(SWIFT_FLAGS) --show-bin-path)"

uninstall:
	Scripts/install.sh --prefix "$(PREFIX)" --destdir "$(DESTDIR)" --uninstall
