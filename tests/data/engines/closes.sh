#!/bin/sh
# A broken engine for tests/external_test.cpp: shakes hands, then at the first choose closes its
# output and keeps running (until whist kills it).
read -r hello
echo "ready closes"
while read -r cmd rest; do
  case "$cmd" in
    choose) exec 1>&-; sleep 60 ;;
  esac
done
