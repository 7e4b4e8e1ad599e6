#!/usr/bin/env bash
# rows: the sign-in once per row of the CSV. agent-browser has no test
# runner: the loop is the script's, and its rows are not results of their own.
set -u
fail=0
while IFS=, read -r email name; do
  $AB open "$BASE/conformance/pages/signin.html" >/dev/null &&
    $AB fill "#email" "$email" >/dev/null &&
    $AB click "button" >/dev/null || { echo "row $email: a step failed"; fail=1; continue; }
  [ "$($AB get text '#out' | tr -d '"')" = "Signed in" ] &&
    [ "$($AB get value '#email' | tr -d '"')" = "$email" ] || { echo "row $email: not signed in"; fail=1; }
done < <(tail -n +2 "$(dirname "$0")/../flows/rows.csv")
exit $fail
