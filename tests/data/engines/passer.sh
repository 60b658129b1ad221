#!/bin/sh
# An engine for tests/arena_test.cpp that passes whenever it may (so auctions end without a
# contract and hands are thrown in), else takes the first legal action.
read -r hello
echo "ready passer"
while read -r cmd rest; do
  case "$cmd" in
    choose)
      case "$rest" in
        *'"legal":['*'"text":"pass"}'*) echo pass ;;
        *) printf '%s\n' "$rest" | sed -n 's/.*"legal":\[{"code":\([0-9]*\).*/\1/p' ;;
      esac
      ;;
    quit) exit 0 ;;
  esac
done
