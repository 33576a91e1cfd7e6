// libFuzzer target for every text parser of the rules core: moves, squares,
// position strings and game records (and replaying what parses), the
// community layer's time controls, and the server's readers of request
// text: cookies, URL queries, UTF-8 checks, paging cursors, account names
// and passwords.
// Build and run: scripts/fuzz.sh [SECONDS]
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "community/time_control.hpp"
#include "core/game_record.hpp"
#include "core/position_string.hpp"
#include "server/accounts/account_rules.hpp"
#include "server/accounts/session_cookie.hpp"
#include "server/base/page_cursor.hpp"
#include "server/http/url.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string error;
  (void)dvonn::parse_square(text);
  if (auto m = dvonn::parse_move(text, &error)) {
    // What parses must print back to something that parses to the same move.
    if (!(dvonn::parse_move(dvonn::to_string(*m)) == *m)) std::abort();
  }
  if (auto st = dvonn::parse_position(text, &error)) {
    auto again = dvonn::parse_position(dvonn::format_position(*st), &error);
    if (!again || !(*again == *st)) std::abort();
    dvonn::MoveList list;
    st->position.generate(list);
    for (const auto& mv : list)
      if (!st->position.is_legal(mv)) std::abort();
  }
  if (auto rec = dvonn::parse_record(text, &error)) {
    if (auto game = dvonn::replay_record(*rec, &error)) {
      auto back = dvonn::parse_record(dvonn::format_record(dvonn::record_of(*game)));
      if (!back) std::abort();
    }
  }
  {
    std::string tc_error;
    auto control = dvonn::community::parse_time_control(std::string(text), tc_error);
    if (tc_error.empty()) {
      std::string again;
      if (!(dvonn::community::parse_time_control(dvonn::community::format_time_control(control), again) == control))
        std::abort();
    }
  }
  {
    namespace server = dvonn::server;
    std::string token = server::session_token_from_cookies(text);
    if (!token.empty()) {
      if (token.size() != 64 || !server::has_session_cookie(text)) std::abort();
      for (char c : token)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) std::abort();
    }
    (void)server::percent_decode(text);
    (void)server::query_param(text, "player");
    (void)server::has_query_param(text, "before");
    (void)server::is_valid_utf8(text);
    if (auto cursor = server::PageCursor::parse(text)) {
      // A cursor prints back to itself (with its id; a time alone gains ".").
      auto again = server::PageCursor::parse(cursor->text());
      if (!cursor->id.empty() && (!again || again->time != cursor->time || again->id != cursor->id)) std::abort();
    }
    if (server::check_new_name(text).empty()) {
      // An accepted name is 3 to 20 plain characters starting with a letter.
      if (text.size() < 3 || text.size() > 20 || server::name_key(text).size() != text.size()) std::abort();
      if (!((text[0] >= 'a' && text[0] <= 'z') || (text[0] >= 'A' && text[0] <= 'Z'))) std::abort();
      for (char c : text)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-')) std::abort();
    }
    if (server::check_password(text).empty() && (text.size() < 8 || text.size() > 128)) std::abort();
  }
  return 0;
}
