#!/bin/sh
# An engine for tests/external_test.cpp that answers in text form: the text of the first legal
# action of each view, found with sed (the view's keys are written in sorted order, so each
# action is {"code":N,"text":"..."}), with comment lines that whist must skip.
read -r hello
echo "# a comment before the handshake"
echo "ready text_first"
while read -r cmd rest; do
  case "$cmd" in
    choose)
      echo "# thinking"
      printf '%s\n' "$rest" | sed -n 's/.*"legal":\[{"code":[0-9]*,"text":"\([^"]*\)".*/\1/p'
      ;;
    quit) exit 0 ;;
  esac
done
