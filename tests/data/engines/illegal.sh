#!/bin/sh
# A broken engine for tests/external_test.cpp: answers every choose with an action that is never
# legal (nobody bids 63 tricks).
read -r hello
echo "ready illegal"
while read -r cmd rest; do
  case "$cmd" in
    choose) echo "bid 63" ;;
    quit) exit 0 ;;
  esac
done
