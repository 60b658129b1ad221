#include "server/log.h"

#include <fmt/core.h>

#include <cstdio>
#include <ctime>

#include "core/text.h"

namespace whist::server {

std::string_view level_name(LogLevel level) {
  switch (level) {
    case LogLevel::Info:
      return "info";
    case LogLevel::Warn:
      return "warn";
    case LogLevel::Error:
      return "error";
  }
  return "error";
}

std::string log_time(std::chrono::system_clock::time_point time) {
  const auto ms = std::chrono::floor<std::chrono::milliseconds>(time).time_since_epoch().count();
  const auto seconds = std::chrono::floor<std::chrono::seconds>(time);
  const std::time_t t = std::chrono::system_clock::to_time_t(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", tm.tm_year + 1900, tm.tm_mon + 1,
                     tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, ((ms % 1000) + 1000) % 1000);
}

std::string duration_text(int64_t seconds) {
  // Two of a unit before the next: "90 min" says more than "1 h".
  if (seconds < 120) return fmt::format("{} s", seconds);
  if (seconds < 120 * 60) return fmt::format("{} min", seconds / 60);
  if (seconds < 48 * 3600) return fmt::format("{} h", seconds / 3600);
  return fmt::format("{} days", seconds / 86400);
}

void log_line(LogLevel level, std::string_view what, std::string_view detail) {
  // One write of the whole line: lines from the bot threads do not interleave with the io
  // thread's.
  const std::string line =
      fmt::format("{} {} {}: {}\n", log_time(std::chrono::system_clock::now()), level_name(level),
                  escape_control_characters(what), escape_control_characters(detail));
  std::fputs(line.c_str(), stderr);
  std::fflush(stderr);
}

}  // namespace whist::server
