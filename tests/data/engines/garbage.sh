#!/bin/sh
# A broken engine for tests/external_test.cpp: shakes hands, then answers every choose with
# something that is not an action.
read -r hello
echo "ready garbage"
while read -r cmd rest; do
  case "$cmd" in
    choose) echo "I think I'll play the queen" ;;
    quit) exit 0 ;;
  esac
done
