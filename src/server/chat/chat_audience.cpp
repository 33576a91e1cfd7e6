#include "server/chat/chat_audience.hpp"

namespace dvonn::server {

ChatPermission chat_permission(const ChatGame& game, const ChatSpeaker& speaker) {
  if (!game.online) return {std::nullopt, 409, "this game has no chat: only games between two people do"};
  if (speaker.user == 0) return {std::nullopt, 401, "log in (or play as a guest) to chat"};
  if (game.is_player(speaker.user)) return {ChatChannel::Players, 200, ""};
  if (game.rated && speaker.guest) return {std::nullopt, 403, "guests cannot chat in rated games: sign up to chat"};
  return {ChatChannel::Spectators, 200, ""};
}

bool sees_channel(const ChatGame& game, std::int64_t viewer, ChatChannel channel) {
  return channel == ChatChannel::Players || game.over || !game.is_player(viewer);
}

}  // namespace dvonn::server
