// Where the next page of a list ordered by (time, id) starts: just past one
// row (before it for lists newest first, after it for the lobby's oldest
// first). Rows that share a millisecond are told apart by their id, so
// paging reaches every row however many share a time (a time alone skipped
// the rest of a page's last millisecond).
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace dvonn::server {

struct PageCursor {
  std::int64_t time = std::numeric_limits<std::int64_t>::max();
  std::string id;  // "" with a time alone: everything before that millisecond

  // "TIME.ID" (a page's `next`), or "TIME" alone; nullopt when malformed (an
  // id is letters, digits, '-' and '_', at most 64 of them).
  static std::optional<PageCursor> parse(std::string_view text);
  // The cursor just before the row (time, id), as a page's `next`.
  std::string text() const { return std::to_string(time) + "." + id; }
  // The SQL condition "strictly before the cursor" on these columns, with the
  // cursor's time and id bound to the parameters ?time_param and ?id_param.
  static std::string before_sql(std::string_view time_column, std::string_view id_column, int time_param, int id_param);
};

}  // namespace dvonn::server
