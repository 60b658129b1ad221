#!/bin/sh
# A broken engine for tests/external_test.cpp: adds its process id and its parent's to the
# file named by its first argument, shakes hands, then never answers choose (a child process
# sleeps); FILE.choosing is made when it is asked, for a test to wait on rather than guess.
echo $$ $PPID >> "$1"
read -r hello
echo "ready hangs"
while read -r cmd rest; do
  case "$cmd" in
    choose) : > "$1.choosing"; sleep 60 ;;
    quit) exit 0 ;;
  esac
done
