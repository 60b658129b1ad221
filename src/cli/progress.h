// Progress of a long run on stderr, with its rate and ETA: on a terminal a bar redrawn in place
// five times a second; otherwise a line at every tenth of the run and at least every 30 s.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace whist::cli {

class Progress {
 public:
  // `command` starts the plain lines ("arena: 300/3000 deal sets …"), `units` names what is
  // counted; nothing is drawn when `quiet`.
  Progress(std::string command, std::string units, int total, bool quiet);
  ~Progress() { finish(); }
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Any thread may report.
  void update(int done) { done_.store(done); }

  // Draws the last state and stops the ticker.
  void finish();

 private:
  using Clock = std::chrono::steady_clock;

  void loop();
  void draw(bool last);

  const std::string command_, units_;
  const int total_;
  const Clock::time_point start_;
  bool terminal_ = false;
  std::atomic<int> done_{0};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  bool drawn_ = false;
  std::thread ticker_;
  int last_decile_ = 0;
  double last_line_ = 0;
  int last_done_ = 0;
};

}  // namespace whist::cli
