#!/usr/bin/env bash
# Installs artfeed under a prefix: the binary and its bundled feeds, the man page
# (docs/artfeed.1, written by hand and checked against the commands by ManualTests), and shell
# completions for bash, zsh and fish.
#
#   Scripts/install.sh [--prefix DIR] [--destdir DIR] [--bin-dir DIR] [--uninstall]
#
# --prefix   where to install (default /usr/local, or $PREFIX)
# --destdir  a staging root put in front of every path (packagers; default $DESTDIR)
# --bin-dir  take artfeed from this build folder instead of building
#            (`swift build --show-bin-path`); the default builds them with
#            `swift build -c release --static-swift-stdlib` (docs/adr/0082: the Swift runtime
#            linked in starts faster, and the binary needs no Swift toolchain to run)
# --uninstall remove what an install put there, and the folders it made once they are empty
#
# Layout (PREFIX/...):
#   bin/artfeed                                  -> ../libexec/artfeed/artfeed
#   libexec/artfeed/artfeed                      the binary
#   libexec/artfeed/artfeed_ArtfeedResources.resources/   the bundled feeds, beside it
#   share/man/man1/artfeed.1
#   share/bash-completion/completions/artfeed
#   share/zsh/site-functions/_artfeed
#   share/fish/vendor_completions.d/artfeed.fish
#
# The binary finds its bundled feeds beside its real path (SwiftPM's resource bundle), so
# bin/ holds a link to it rather than a copy.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix="${PREFIX:-/usr/local}"
destdir="${DESTDIR:-}"
bin_dir=""
uninstall=0
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#*=}"; shift ;;
    --destdir) destdir="$2"; shift 2 ;;
    --destdir=*) destdir="${1#*=}"; shift ;;
    --bin-dir) bin_dir="$2"; shift 2 ;;
    --bin-dir=*) bin_dir="${1#*=}"; shift ;;
    --uninstall) uninstall=1; shift ;;
    -h|--help) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 64 ;;
  esac
done
case "$prefix" in
  /*) ;;
  *) echo "install.sh: --prefix must be an absolute path, not $prefix" >&2; exit 64 ;;
esac

root="$destdir$prefix"
bundle=artfeed_ArtfeedResources.resources
files=(
  "bin/artfeed"
  "libexec/artfeed/artfeed"
  "share/man/man1/artfeed.1"
  "share/bash-completion/completions/artfeed"
  "share/zsh/site-functions/_artfeed"
  "share/fish/vendor_completions.d/artfeed.fish"
)

# The folders an install made (none of them existed before it), one a line, relative to
# the root: uninstall removes them again once they are empty, and no other folder.
made_list="libexec/artfeed/installed-folders"

if [ "$uninstall" = 1 ]; then
  made=()
  if [ -f "$root/$made_list" ]; then
    while IFS= read -r folder; do [ -n "$folder" ] && made+=("$folder"); done <"$root/$made_list"
  fi
  for file in "${files[@]}"; do rm -f "$root/$file"; done
  rm -f "$root/$made_list"
  rm -rf "${root:?}/libexec/artfeed/$bundle"
  rmdir "$root/libexec/artfeed" 2>/dev/null || true
  # Deepest first, so that a parent is empty once its children are gone; a folder something
  # else put a file in stays.
  if [ ${#made[@]} -gt 0 ]; then
    while IFS= read -r folder; do
      if [ "$folder" = "." ]; then rmdir "$root" 2>/dev/null || true
      else rmdir "$root/$folder" 2>/dev/null || true; fi
    done < <(printf '%s\n' "${made[@]}" | awk -F/ '{ print NF "\t" $0 }' | sort -rn | cut -f2-)
  fi
  echo "install.sh: removed artfeed from $root"
  exit 0
fi

if [ -z "$bin_dir" ]; then
  flags=(-c release --static-swift-stdlib)
  echo "install.sh: swift build ${flags[*]}"
  swift build "${flags[@]}" --product artfeed
  bin_dir="$(swift build "${flags[@]}" --show-bin-path)"
fi
if [ ! -x "$bin_dir/artfeed" ]; then
  echo "install.sh: $bin_dir/artfeed is missing (build it, or leave out --bin-dir)" >&2
  exit 66
fi
if [ ! -d "$bin_dir/$bundle" ]; then
  echo "install.sh: $bin_dir/$bundle (the bundled feeds) is missing" >&2
  exit 66
fi

# Stage everything first, so that a failed step leaves the prefix as it was.
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
cp docs/artfeed.1 "$stage/artfeed.1"
"$bin_dir/artfeed" --generate-completion-script bash >"$stage/artfeed.bash"
"$bin_dir/artfeed" --generate-completion-script zsh >"$stage/_artfeed"
"$bin_dir/artfeed" --generate-completion-script fish >"$stage/artfeed.fish"

folders=(bin libexec/artfeed share/man/man1 share/bash-completion/completions
  share/zsh/site-functions share/fish/vendor_completions.d)
# Which folders this install makes: each missing one and its missing parents, up to the root
# (".": the root itself). An earlier install's list is kept: those folders are artfeed's too.
made=()
[ -f "$root/$made_list" ] && while IFS= read -r folder; do made+=("$folder"); done <"$root/$made_list"
[ -d "$root" ] || made+=(".")
for folder in "${folders[@]}"; do
  path="$folder"
  while [ "$path" != "." ] && [ ! -d "$root/$path" ]; do
    made+=("$path")
    path="$(dirname "$path")"
  done
done
for folder in "${folders[@]}"; do install -d "$root/$folder"; done
install -m 0755 "$bin_dir/artfeed" "$root/libexec/artfeed/artfeed"
rm -rf "${root:?}/libexec/artfeed/$bundle"
cp -R "$bin_dir/$bundle" "$root/libexec/artfeed/$bundle"
chmod -R u+rwX,go+rX,go-w "$root/libexec/artfeed/$bundle"
ln -sfn ../libexec/artfeed/artfeed "$root/bin/artfeed"
install -m 0644 "$stage/artfeed.1" "$root/share/man/man1/artfeed.1"
install -m 0644 "$stage/artfeed.bash" "$root/share/bash-completion/completions/artfeed"
install -m 0644 "$stage/_artfeed" "$root/share/zsh/site-functions/_artfeed"
install -m 0644 "$stage/artfeed.fish" "$root/share/fish/vendor_completions.d/artfeed.fish"
if [ ${#made[@]} -gt 0 ]; then
  printf '%s\n' "${made[@]}" | sort -u >"$root/$made_list"
else
  : >"$root/$made_list"
fi
echo "install.sh: installed artfeed in $root"
