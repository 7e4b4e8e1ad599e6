#!/usr/bin/env bash
# Routes: a mocked JSON answer is shown, an aborted request shows the error.
$AB network route '**/api/items' --body '{"items":[{"name":"Kettle"},{"name":"Teapot"}]}' >/dev/null || exit 1
$AB open "$BASE/conformance/pages/routes-fetch.html" >/dev/null || exit 1
$AB wait --text Teapot >/dev/null || exit 1
$AB network unroute '**/api/items' >/dev/null || exit 1
$AB network route '**/api/items' --abort >/dev/null || exit 1
$AB click '#reload' >/dev/null || exit 1
$AB wait --text 'Could not load items' >/dev/null || exit 1
exit 0
