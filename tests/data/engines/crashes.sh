#!/bin/sh
# A broken engine for tests/external_test.cpp: shakes hands, then at the first choose dies of a
# segmentation fault (the signal, sent to itself).
read -r hello
echo "ready crashes"
while read -r cmd rest; do
  case "$cmd" in
    choose) kill -SEGV $$ ;;
  esac
done
