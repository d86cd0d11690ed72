#!/usr/bin/env bash
# A real Moodle 4.5.6 for ./build.sh test-lms, installed once per machine and reused after.
#   Debian's packages only (apt through this machine's own configuration): Apache with mod_php
#   (PHP 8.2) and PostgreSQL 15; Moodle's source from MOODLE_TARBALL (../shared/lms, see its
#   README); the site on http://127.0.0.1:LMS_PORT/ (loopback only), a course PLAB with a teacher
#   and a student (tests/lms/moodle_setup.php site).
#   Later runs only start Apache and PostgreSQL when they are not running (a machine starts with
#   no services: CI, a reboot) and check the site answers.
# Usage (as root): bash tests/lms/install.sh
# Env: LMS_DIR   the work folder, outside the repository (default /var/lib/perceptron-lab-lms):
#                moodle/ (the source), moodledata/, logs/, installed (the stamp)
#      LMS_PORT  the site's port on 127.0.0.1 (default 8088; fixed at the first install)
#      MOODLE_TARBALL  Moodle's source (default ../shared/lms/moodle-4.5.6.tar.xz beside the repository)
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "${HERE}/../.." && pwd)"
LMS_DIR=${LMS_DIR:-/var/lib/perceptron-lab-lms}
LMS_PORT=${LMS_PORT:-8088}
MOODLE_TARBALL=${MOODLE_TARBALL:-${ROOT}/../shared/lms/moodle-4.5.6.tar.xz}
MOODLE=${LMS_DIR}/moodle
DATA=${LMS_DIR}/moodledata
LOGS=${LMS_DIR}/logs
STAMP=${LMS_DIR}/installed
ADMINPASS='Admin#2026'

log() { printf '\033[1m[lms]\033[0m %s\n' "$*" >&2; }
die() { printf '\033[31m[lms] error:\033[0m %s\n' "$*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || die "run as root (./build.sh test-lms uses sudo when it is not root)"
t0=$(date +%s)
mkdir -p "$LOGS"
if [ -f "$STAMP" ]; then
  # shellcheck disable=SC1090
  . "$STAMP"   # LMS_PORT of the install
fi

# 1. Debian's packages, through this machine's apt configuration (installed only when missing;
#    on this machine policy-rc.d keeps apt from starting the services: they are started below).
PKGS=(apache2 libapache2-mod-php8.2 php8.2-cli php8.2-pgsql php8.2-curl php8.2-mbstring php8.2-zip
      php8.2-gd php8.2-xml php8.2-intl php8.2-soap php8.2-opcache php8.2-readline postgresql)
need=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  log "installing Debian packages: ${need[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >"$LOGS/apt.log" 2>&1 \
    || { tail -20 "$LOGS/apt.log"; die "apt-get install failed"; }
  log "packages: $(( $(date +%s) - t0 )) s"
fi

# 2. Moodle's source (the tarball's config.php, if any, is left out: this install writes its own).
if [ ! -f "$MOODLE/version.php" ]; then
  [ -f "$MOODLE_TARBALL" ] || die "no Moodle source at $MOODLE_TARBALL (../shared/lms/moodle-4.5.6.tar.xz; set MOODLE_TARBALL)"
  log "unpacking $(basename "$MOODLE_TARBALL") into $MOODLE"
  rm -rf "$MOODLE.tmp" "$MOODLE" "$STAMP"
  mkdir -p "$MOODLE.tmp"
  tar -xJf "$MOODLE_TARBALL" -C "$MOODLE.tmp" --strip-components=1 --exclude='moodle/config.php' --no-same-owner
  mv "$MOODLE.tmp" "$MOODLE"
fi

# 3. PHP settings Moodle checks (max_input_vars >= 5000), room for uploads.
for sapi in apache2 cli; do
  ini=/etc/php/8.2/$sapi/conf.d/99-perceptron-lab-lms.ini
  want="max_input_vars = 5000
upload_max_filesize = 100M
post_max_size = 100M
memory_limit = 512M
max_execution_time = 300
log_errors = On"
  [ "$(cat "$ini" 2>/dev/null)" = "$want" ] || printf '%s\n' "$want" > "$ini"
done

# 4. Apache: only 127.0.0.1:LMS_PORT, the document root the Moodle tree.
site="<VirtualHost 127.0.0.1:${LMS_PORT}>
  ServerName 127.0.0.1
  DocumentRoot ${MOODLE}
  <Directory ${MOODLE}>
    Options FollowSymLinks
    AllowOverride None
    Require all granted
    AcceptPathInfo On
  </Directory>
  ErrorLog ${LOGS}/apache-error.log
  LogFormat \"%h %t \\\"%r\\\" %>s %b %D\" plablms
  CustomLog ${LOGS}/apache-access.log plablms
</VirtualHost>"
if [ "$(cat /etc/apache2/sites-available/perceptron-lab-lms.conf 2>/dev/null)" != "$site" ] ||
   [ "$(cat /etc/apache2/ports.conf)" != "Listen 127.0.0.1:${LMS_PORT}" ] ||
   [ ! -f /etc/apache2/conf-enabled/perceptron-lab-lms.conf ]; then
  echo "Listen 127.0.0.1:${LMS_PORT}" > /etc/apache2/ports.conf
  echo "ServerName 127.0.0.1" > /etc/apache2/conf-available/perceptron-lab-lms.conf
  a2enconf -q perceptron-lab-lms >/dev/null
  printf '%s\n' "$site" > /etc/apache2/sites-available/perceptron-lab-lms.conf
  a2dissite -q 000-default >/dev/null 2>&1 || true
  a2ensite -q perceptron-lab-lms >/dev/null
  a2enmod -q php8.2 >/dev/null 2>&1 || true
  if [ -s /var/run/apache2/apache2.pid ] && kill -0 "$(cat /var/run/apache2/apache2.pid)" 2>/dev/null; then
    apache2ctl graceful
  fi
fi

# 5. PostgreSQL (Debian's cluster 15/main, localhost only): started when it is not running.
if ! pg_ctlcluster 15 main status >/dev/null 2>&1; then
  log "starting PostgreSQL"
  pg_ctlcluster 15 main start
fi
psql_q() { runuser -u postgres -- env PGOPTIONS='--client-min-messages=warning' psql -qtAX "$@"; }
psql_q -c "SELECT 1 FROM pg_roles WHERE rolname='moodle'" | grep -q 1 ||
  psql_q -c "CREATE USER moodle WITH PASSWORD 'moodle'"

# 6. Moodle itself (admin/cli/install.php), then the site's settings, course and accounts.
if [ ! -f "$STAMP" ]; then
  t1=$(date +%s)
  log "installing Moodle (admin/cli/install.php, 1 to 2 minutes)"
  rm -f "$MOODLE/config.php"
  rm -rf "$DATA"
  psql_q -c "DROP DATABASE IF EXISTS moodle"
  runuser -u postgres -- createdb -E UTF8 -O moodle -T template0 moodle
  mkdir -p "$DATA"
  chown www-data:www-data "$DATA"
  # install.php writes config.php (root's, like the source tree); the database and everything
  # after it are made as www-data, the web server's user, which owns moodledata.
  php "$MOODLE/admin/cli/install.php" --non-interactive --agree-license --lang=en --skip-database \
    --wwwroot="http://127.0.0.1:${LMS_PORT}" --dataroot="$DATA" \
    --dbtype=pgsql --dbhost=127.0.0.1 --dbname=moodle --dbuser=moodle --dbpass=moodle --prefix=mdl_ \
    >"$LOGS/moodle-install.log" 2>&1 || { tail -40 "$LOGS/moodle-install.log"; die "Moodle's install.php failed (log: $LOGS/moodle-install.log)"; }
  chown -R www-data:www-data "$DATA"
  # No mail leaves this machine.
  grep -q noemailever "$MOODLE/config.php" ||
    sed -i "s#^require_once(__DIR__ . '/lib/setup.php');#\$CFG->noemailever = true;\nrequire_once(__DIR__ . '/lib/setup.php');#" "$MOODLE/config.php"
  chmod 644 "$MOODLE/config.php"
  runuser -u www-data -- php "$MOODLE/admin/cli/install_database.php" --agree-license --lang=en \
    --fullname="Perceptron Lab LMS test" --shortname=plabtest --adminuser=admin --adminpass="$ADMINPASS" \
    --adminemail=admin@example.com --supportemail=admin@example.com >>"$LOGS/moodle-install.log" 2>&1 \
    || { tail -40 "$LOGS/moodle-install.log"; die "Moodle's install_database.php failed (log: $LOGS/moodle-install.log)"; }
  runuser -u www-data -- php "$MOODLE/admin/cli/cfg.php" --name=noreplyaddress --set=noreply@example.com
  runuser -u www-data -- env MOODLE_DIR="$MOODLE" php -- site <"$HERE/moodle_setup.php" >"$LOGS/site.json"
  printf 'LMS_PORT=%s\n' "$LMS_PORT" > "$STAMP"
  log "Moodle installed: $(( $(date +%s) - t1 )) s"
fi

# 7. Apache: started when it is not running.
if ! { [ -s /var/run/apache2/apache2.pid ] && kill -0 "$(cat /var/run/apache2/apache2.pid)" 2>/dev/null; }; then
  log "starting Apache"
  apache2ctl start
fi
code=""
for _ in $(seq 1 50); do
  code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:${LMS_PORT}/login/index.php" || true)
  [ "$code" = 200 ] && break
  sleep 0.2
done
[ "$code" = 200 ] || die "Moodle does not answer on http://127.0.0.1:${LMS_PORT}/login/index.php (HTTP $code; $LOGS/apache-error.log)"
log "Moodle ready at http://127.0.0.1:${LMS_PORT}/ ($(( $(date +%s) - t0 )) s)"
