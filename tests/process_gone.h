// Whether a process has ended, for tests that check no engine outlives whist.
#pragma once

#include <sys/types.h>
#include <unistd.h>

#include <fstream>
#include <string>

namespace whist::test_process {

// Whether process `pid` is gone or a zombie within 2 s: an orphan is reaped by init in its own
// time.
inline bool ends_within_two_seconds(pid_t pid) {
  const auto gone = [pid] {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string id, name, state;
    return !(stat >> id >> name >> state) || state == "Z";
  };
  for (int i = 0; i < 200 && !gone(); ++i) usleep(10000);
  return gone();
}

}  // namespace whist::test_process
