#!/bin/sh
# A broken engine for tests/external_test.cpp: plays the first legal action in its first two
# deals, then answers every choose with an action that is never legal.
read -r hello
echo "ready fails_late"
deals=0
while read -r cmd rest; do
  case "$cmd" in
    new-deal) deals=$((deals + 1)) ;;
    choose)
      if [ "$deals" -le 2 ]; then
        printf '%s\n' "$rest" | sed -n 's/.*"legal":\[{"code":\([0-9]*\),.*/\1/p'
      else
        echo "bid 63"
      fi
      ;;
    quit) exit 0 ;;
  esac
done
