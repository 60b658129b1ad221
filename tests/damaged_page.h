// One page of a real database file damaged as a failing disk leaves it, for the tests of what the
// store, the hub and `whist serve --check` make of it: which page holds what is SQLite's to decide,
// so each page of a b-tree is tried on a copy first, and the first whose damage does what the
// test needs is damaged in the file.
#pragma once

#include <gtest/gtest.h>

#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace test_pages {

// Whether SQLite reads table `id`'s row and every one of its events (their bodies too) in `db`.
inline bool readable(SQLite::Database& db, const std::string& id) {
  try {
    SQLite::Statement t(db, "SELECT setup FROM tables WHERE id = ?");
    t.bind(1, id);
    if (!t.executeStep()) return false;
    SQLite::Statement e(db, "SELECT seq, body FROM events WHERE table_id = ? ORDER BY seq");
    e.bind(1, id);
    while (e.executeStep()) (void)e.getColumn(1).getString();
    return true;
  } catch (const SQLite::Exception&) {
    return false;
  }
}

// Which of `ids` SQLite cannot read in `db` (readable above).
inline std::set<std::string> unreadable(SQLite::Database& db, const std::vector<std::string>& ids) {
  std::set<std::string> out;
  for (const std::string& id : ids) {
    if (!readable(db, id)) out.insert(id);
  }
  return out;
}

// 16 bytes of 0xFF over the start of page `page` (from 1) of the file: a page header no page has
// (type 0xFF), which SQLite finds malformed as it reads the page.
inline void overwrite_page(const std::string& file, int64_t page, int64_t page_size) {
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  f.seekp((page - 1) * page_size);
  const std::string garbage(16, '\xff');
  f.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
}

// Whether this SQLite has the `dbstat` table damage_page() reads (one built with
// SQLITE_ENABLE_DBSTAT_VTAB, as Debian's is): a test with no way to find a page skips instead of
// failing with "no such table: dbstat".
inline bool dbstat_available() {
  try {
    SQLite::Database d(":memory:", SQLite::OPEN_READWRITE);
    SQLite::Statement q(d, "SELECT pageno FROM dbstat");
    return true;
  } catch (const SQLite::Exception&) {
    return false;
  }
}

// Damages one page of the b-tree `tree` (a table or an index, by its name) of the database `db`,
// closed (its write-ahead log folded into it): the first page whose damage, tried on a copy, makes
// `wanted` true of the copy. Returns the page's number, 0 if no page does (the test fails then).
// The pages are SQLite's `dbstat` table's (see dbstat_available).
inline int64_t damage_page(const std::string& db, const std::string& tree,
                           const std::function<bool(SQLite::Database&)>& wanted) {
  EXPECT_FALSE(std::filesystem::exists(db + "-wal")) << "the log would hold pages of its own";
  std::vector<int64_t> pages;
  int64_t page_size = 0;
  {
    // Not read-only: a reader leaves an empty -wal behind as it closes, a writer none.
    SQLite::Database d(db, SQLite::OPEN_READWRITE);
    page_size = d.execAndGet("PRAGMA page_size").getInt64();
    SQLite::Statement q(d, "SELECT pageno FROM dbstat WHERE name = ? ORDER BY pageno");
    q.bind(1, tree);
    while (q.executeStep()) pages.push_back(q.getColumn(0).getInt64());
  }
  EXPECT_FALSE(pages.empty()) << "no page of " << tree;
  const std::string probe = db + ".probe";
  for (const int64_t page : pages) {
    std::filesystem::copy_file(db, probe, std::filesystem::copy_options::overwrite_existing);
    overwrite_page(probe, page, page_size);
    bool chosen = false;
    {
      SQLite::Database d(probe, SQLite::OPEN_READWRITE);
      chosen = wanted(d);
    }
    std::filesystem::remove(probe);
    std::filesystem::remove(probe + "-wal");
    std::filesystem::remove(probe + "-shm");
    if (chosen) {
      overwrite_page(db, page, page_size);
      return page;
    }
  }
  ADD_FAILURE() << "no page of " << tree << " whose damage does what the test needs";
  return 0;
}

}  // namespace test_pages
