// The chat of every game, its reports and the users' chat settings, in the
// game database (tables chat_messages and chat_reports, columns
// users.chat_enabled and users.banned). Writes go through the GameStore's
// writer and are committed before the call returns (a message is stored
// before anyone is shown it).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/chat/chat_message.hpp"
#include "server/store/game_store.hpp"

namespace dvonn::server {

// An open report, for a moderator.
struct ChatReport {
  ChatMessage message;
  std::string reporter;
  std::string reason;
  std::int64_t time_ms = 0;
};

class ChatStore {
 public:
  explicit ChatStore(GameStore& store) : store_(store) {}

  // Stores a message and sets its id; returns the storage error, "" on
  // success.
  std::string add(ChatMessage& message);
  // A game's messages after the id `after`, oldest first, at most `limit`:
  // not deleted, the spectators' channel only if `spectators`, none by a
  // user `viewer` blocked or was blocked by (0: nobody).
  std::vector<ChatMessage> list(const std::string& game_id, std::int64_t after, std::size_t limit, bool spectators,
                                std::int64_t viewer);
  // A message not deleted; nullopt if none.
  std::optional<ChatMessage> find(std::int64_t id);
  // Files a report; false if this reporter already reported the message.
  // Throws StoreError on a storage failure.
  bool report(std::int64_t message, std::int64_t reporter, const std::string& reason, std::int64_t now);

  // The users' setting (true for an unknown user).
  bool chat_enabled(std::int64_t user);
  std::string set_chat_enabled(std::int64_t user, bool on);
  // Whether a moderator banned the user (an open WebSocket outlives its
  // session: its messages are refused too).
  bool banned(std::int64_t user);
  // Of `viewers`, those who must not see what `author` says: chat off, or
  // a block between them either way.
  std::vector<std::int64_t> silenced(std::int64_t author, const std::vector<std::int64_t>& viewers);

  // The moderator's commands (dvonn admin). Open reports, oldest first.
  std::vector<ChatReport> open_reports(std::size_t limit);
  // Marks a message deleted and its reports resolved; false if there is no
  // such message.
  bool delete_message(std::int64_t id);
  // Bans (or lets back in) an account by name; a ban also ends its
  // sessions. False if there is no such (non-engine) user.
  bool set_banned(const std::string& name, bool banned);

  // Removes a user's messages and reports, and the reports of its messages
  // (a deleted account), in the caller's transaction.
  static void forget_user(Database* db, std::int64_t user);

 private:
  GameStore& store_;
};

}  // namespace dvonn::server
