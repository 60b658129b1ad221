// The server's log: lines on stderr (a terminal, a file, the journal), each
// "TIME LEVEL WHAT: DETAIL", TIME the UTC time to the millisecond in ISO 8601
// (2026-11-28T14:06:51.123Z) and LEVEL info, warn or error: a line says when it happened and how
// much it matters wherever it ends up, and can be sorted and filtered by either.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace whist::server {

enum class LogLevel {
  Info,   // the server's life: started, stopped, a database made or upgraded, tables and
          // guests deleted
  Warn,   // something refused or missing that the operator may want to look at
  Error,  // something failed
};

std::string_view level_name(LogLevel level);

// `time` as the log writes it.
std::string log_time(std::chrono::system_clock::time_point time);

// A length of time as a line says it, rounded down: "45 s", "90 min", "30 h", "400 days".
std::string duration_text(int64_t seconds);

// One line, written at once (any thread). Control characters of `what` and `detail` are escaped
// (\x1b): a detail may quote what a client sent.
void log_line(LogLevel level, std::string_view what, std::string_view detail);

}  // namespace whist::server
