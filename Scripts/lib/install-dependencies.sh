# shellcheck shell=bash
# Installs the Debian packages that building quietplaces needs, when they are missing.
#
# Sourced by Scripts/quietplaces and Scripts/test; call `install_dependencies`. Runs `apt-get update`
# and `apt-get install` only when something is missing, as root or through sudo. Setting
# QP_INSTALL_DRY_RUN=1 prints the commands instead of running them.

# The -dev packages whose pkg-config files Package.swift names (libedit, libcrypto).
QP_REQUIRED_PACKAGES=(libedit-dev libssl-dev)

# Whether the Debian package $1 is installed (not merely known, or removed with its configuration).
qp_package_installed() {
  [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" == "install ok installed" ]]
}

# The packages among QP_REQUIRED_PACKAGES (plus pkg-config when no pkg-config command exists) that
# are missing, one a line.
qp_missing_packages() {
  local package
  for package in "${QP_REQUIRED_PACKAGES[@]}"; do
    qp_package_installed "$package" || echo "$package"
  done
  command -v pkg-config >/dev/null 2>&1 || echo pkg-config
}

install_dependencies() {
  if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "note: not a Debian system; make sure libedit, OpenSSL (libcrypto) and pkg-config are installed" >&2
    return 0
  fi

  local missing
  missing=$(qp_missing_packages | tr '\n' ' ')
  missing=${missing% }
  [[ -z "$missing" ]] && return 0

  local run=()
  if [[ "$(id -u)" != 0 ]]; then
    if ! command -v sudo >/dev/null 2>&1; then
      echo "error: missing packages: $missing; install them as root: apt-get install $missing" >&2
      return 1
    fi
    run=(sudo)
    # Without a terminal nobody can type a password: fail at once instead of waiting.
    [[ -t 0 ]] || run+=(-n)
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: missing packages: $missing; apt-get is not available to install them" >&2
    return 1
  fi
  run+=(env DEBIAN_FRONTEND=noninteractive)

  echo "installing $missing" >&2
  if [[ "${QP_INSTALL_DRY_RUN:-}" == 1 ]]; then
    echo "would run: ${run[*]} apt-get update -qq" >&2
    # shellcheck disable=SC2086 # one word per package
    echo "would run: ${run[*]} apt-get install -y -qq --no-install-recommends $missing" >&2
    return 0
  fi
  local log
  log=$(mktemp "${TMPDIR:-/tmp}/qp-apt.XXXXXX")
  # shellcheck disable=SC2086 # one word per package
  if "${run[@]}" apt-get update -qq >"$log" 2>&1 &&
    "${run[@]}" apt-get install -y -qq --no-install-recommends $missing >>"$log" 2>&1; then
    rm -f "$log"
    return 0
  fi
  cat "$log" >&2
  rm -f "$log"
  echo "error: could not install $missing; install them by hand: apt-get install $missing" >&2
  return 1
}

# Puts the Swift toolchain on PATH when it is installed in /opt/swift but not yet on PATH.
ensure_swift_on_path() {
  if ! command -v swift >/dev/null 2>&1 && [[ -x /opt/swift/usr/bin/swift ]]; then
    PATH="/opt/swift/usr/bin:$PATH"
    export PATH
  fi
  if ! command -v swift >/dev/null 2>&1; then
    echo "error: swift is not installed (https://www.swift.org/install/linux/)" >&2
    return 1
  fi
}
