// One message of a game's chat, and how the API shows it.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace dvonn::server {

// The players' channel is seen by everyone watching; the spectators' by
// spectators only until the game is over (chat_audience.hpp).
enum class ChatChannel { Players, Spectators };

inline const char* channel_name(ChatChannel c) { return c == ChatChannel::Players ? "players" : "spectators"; }

struct ChatMessage {
  std::int64_t id = 0;
  std::string game_id;
  ChatChannel channel = ChatChannel::Players;
  std::int64_t user_id = 0;
  std::string name;  // the author's name when it was said
  std::string text;
  std::int64_t time_ms = 0;
};

// {"id", "channel", "from": {"name"}, "text", "time"}.
inline nlohmann::json chat_message_json(const ChatMessage& m) {
  return {{"id", m.id},
          {"channel", channel_name(m.channel)},
          {"from", {{"name", m.name}}},
          {"text", m.text},
          {"time", m.time_ms}};
}

}  // namespace dvonn::server
