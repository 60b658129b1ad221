#!/bin/sh
# A broken engine for tests/external_test.cpp: shakes hands, then at the first choose starts a
# child that keeps its output open, writes the child's process id to the file named by its first
# argument, and exits with status 3 itself.
read -r hello
echo "ready leaves_child"
while read -r cmd rest; do
  case "$cmd" in
    choose)
      sleep 60 &
      echo $! > "$1"
      exit 3
      ;;
  esac
done
