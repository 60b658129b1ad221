#!/bin/sh
# A broken engine for tests/external_test.cpp: plays the first legal action, but answers
# 'nonsense' when it holds the ace of spades in a deal of 6 cards or more, so that it fails at the
# same deal sets whatever the threads. Each copy adds a line to the file named by its first
# argument, and the fifth (the first of a second worker's) takes a second to start, so that the
# first worker reaches the failure before the second plays the set it took.
echo x >> "$1"
[ "$(wc -l < "$1")" -eq 5 ] && sleep 1
read -r hello
echo "ready fails_on_ace"
while read -r cmd rest; do
  case "$cmd" in
    choose)
      cards=$(printf '%s\n' "$rest" | sed -n 's/.*"cards":\([0-9]*\).*/\1/p')
      if [ "$cards" -ge 6 ] && printf '%s\n' "$rest" | grep -q '"own_hand":\[[^]]*"AS"'; then
        echo "nonsense"
      else
        printf '%s\n' "$rest" | sed -n 's/.*"legal":\[{"code":\([0-9]*\),.*/\1/p'
      fi
      ;;
    quit) exit 0 ;;
  esac
done
