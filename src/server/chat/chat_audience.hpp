// Who may speak where in a game's chat, and who sees what (docs/community-api.md,
// "Chat"). Pure rules: the caller knows the game and the people.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "server/chat/chat_message.hpp"

namespace dvonn::server {

// What the rules need to know of a game.
struct ChatGame {
  bool online = false;  // two people playing: the only games with a chat
  bool rated = false;
  bool over = false;
  std::int64_t white_user = 0;  // 0: anonymous or nobody yet
  std::int64_t black_user = 0;
  bool is_player(std::int64_t user) const { return user != 0 && (user == white_user || user == black_user); }
};

// Whom a message is from: signed in (user 0: anonymous), a guest or not.
struct ChatSpeaker {
  std::int64_t user = 0;
  bool guest = false;
};

// The channel a speaker says something in, or (in `error`, with an HTTP
// status) why they may not speak.
struct ChatPermission {
  std::optional<ChatChannel> channel;
  int status = 200;
  std::string error;
};
ChatPermission chat_permission(const ChatGame& game, const ChatSpeaker& speaker);

// Whether a viewer (user 0: not signed in) sees a channel of the game: the
// spectators' channel is hidden from the players until the game is over.
bool sees_channel(const ChatGame& game, std::int64_t viewer, ChatChannel channel);

}  // namespace dvonn::server
