#include "cli/progress.h"

#include <fmt/core.h>
#include <unistd.h>

#include <cstdio>

namespace whist::cli {

namespace {

std::string duration_text(double secs) {
  const auto s = static_cast<long>(secs + 0.5);
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

}  // namespace

Progress::Progress(std::string command, std::string units, int total, bool quiet)
    : command_(std::move(command)), units_(std::move(units)), total_(total), start_(Clock::now()) {
  if (quiet) return;
  terminal_ = isatty(STDERR_FILENO) == 1;
  ticker_ = std::thread([this] { loop(); });
}

void Progress::finish() {
  if (!ticker_.joinable()) return;
  {
    const std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  ticker_.join();
  if (drawn_ || done_.load() > 0) draw(true);
}

void Progress::loop() {
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, std::chrono::milliseconds(200), [this] { return stop_; })) {
    draw(false);
  }
}

void Progress::draw(bool last) {
  drawn_ = true;
  const int done = done_.load();
  const double secs = std::chrono::duration<double>(Clock::now() - start_).count();
  const double rate = secs > 0 ? done / secs : 0;
  const std::string eta = rate > 0 ? duration_text((total_ - done) / rate) : "?";
  if (terminal_) {
    constexpr int kWidth = 30;
    const int filled = total_ > 0 ? done * kWidth / total_ : kWidth;
    std::fputs(fmt::format("\r[{}{}] {}/{} {}  {:.1f}/s  ETA {}\033[K{}",
                           std::string(static_cast<size_t>(filled), '#'),
                           std::string(static_cast<size_t>(kWidth - filled), '.'), done, total_,
                           units_, rate, eta, last ? "\n" : "")
                   .c_str(),
               stderr);
    std::fflush(stderr);
    return;
  }
  const int decile = total_ > 0 ? done * 10 / total_ : 10;
  const bool due = decile > last_decile_ || secs - last_line_ >= 30;
  if (!due || (last && done == last_done_)) return;
  std::fputs(fmt::format("{}: {}/{} {} ({}%), {:.1f}/s, ETA {}\n", command_, done, total_, units_,
                         total_ > 0 ? done * 100 / total_ : 100, rate, eta)
                 .c_str(),
             stderr);
  last_decile_ = decile;
  last_line_ = secs;
  last_done_ = done;
}

}  // namespace whist::cli
