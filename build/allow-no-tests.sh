#!/usr/bin/env bash
# Run a pytest command, passing its exit code through, except 5 ("no tests collected"): that one
# passes with a notice, so an empty tests/ does not fail the build. Any test that exists still
# has to run and pass.
#
#   build/allow-no-tests.sh LABEL COMMAND...
set -uo pipefail
label=$1
shift
"$@"
status=$?
if [ "$status" -eq 5 ]; then
  echo "$label: no tests collected (tests/ has none yet)"
  exit 0
fi
exit "$status"
