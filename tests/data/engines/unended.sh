#!/bin/sh
# A broken engine for tests/external_test.cpp: shakes hands, then answers choose with a line
# ended by '\r' alone, and waits.
read -r hello
echo "ready unended"
while read -r cmd rest; do
  case "$cmd" in
    choose) printf 'bid 0\r'; sleep 60 ;;
    quit) exit 0 ;;
  esac
done
