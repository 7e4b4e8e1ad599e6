# Soft checks: agent-browser has no checks of its own, so each is a read and
# a comparison in bash (read once, not retried), a failure noted and the
# script going on to its last, hard check; it fails listing the three.
# bench: fails "3 soft checks failed:"
failed=()
$AB open "$BASE/conformance/pages/expect.html" >/dev/null || exit 1
title=$($AB get title)
[[ $title == *Checkout* ]] || failed+=("title is \"$title\", not containing Checkout")
ref=$($AB snapshot -i | sed -n 's/.*button "Place order".*ref=\(e[0-9]*\).*/\1/p')
[[ $($AB is enabled "@$ref") == true ]] || failed+=("Place order is not enabled")
n=$($AB get count li)
((n == 4)) || failed+=("$n list items, not 4")
$AB wait --text Shipped >/dev/null || { echo "Shipped never shown"; exit 1; }
((${#failed[@]} == 0)) && exit 0
echo "${#failed[@]} soft checks failed:"
printf '%s\n' "${failed[@]}"
exit 1
