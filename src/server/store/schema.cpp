#include "server/store/schema.hpp"

#include <string>

#include "server/store/sqlite_util.hpp"

namespace dvonn::server {
namespace {

// Columns added to games after the first release, with their defaults (what
// an old game gets).
constexpr const char* kGameColumns[][2] = {
    {"white_user", "INTEGER NOT NULL DEFAULT 0"},
    {"black_user", "INTEGER NOT NULL DEFAULT 0"},
    {"clock", "TEXT NOT NULL DEFAULT 'untimed'"},
    {"rated", "INTEGER NOT NULL DEFAULT 0"},
    {"created_ms", "INTEGER NOT NULL DEFAULT 0"},
    {"started_ms", "INTEGER NOT NULL DEFAULT 0"},
    {"ended_ms", "INTEGER NOT NULL DEFAULT 0"},
    {"end_reason", "TEXT NOT NULL DEFAULT ''"},
    {"winner", "TEXT NOT NULL DEFAULT ''"},
    {"lobby", "INTEGER NOT NULL DEFAULT 0"},
    {"color_choice", "TEXT NOT NULL DEFAULT ''"},
    {"result", "TEXT NOT NULL DEFAULT 'ongoing'"},
    {"score_white", "INTEGER NOT NULL DEFAULT 0"},
    {"score_black", "INTEGER NOT NULL DEFAULT 0"},
    {"move_count", "INTEGER NOT NULL DEFAULT 0"},
    {"to_move", "TEXT NOT NULL DEFAULT 'white'"},
    {"deadline_ms", "INTEGER"},
    // When the server must next look at an unfinished game whatever node
    // holds it (its clock's flag or its first move due); NULL when
    // nothing is due. Many nodes: the leader ends the games nobody holds.
    {"watch_ms", "INTEGER"},
    {"updated_ms", "INTEGER NOT NULL DEFAULT 0"},
    // Each player's rating when the game ended (before a rated game changed
    // it), so that lists show the rating of the time; NULL while unfinished
    // and for guests and anonymous seats.
    {"white_rating_then", "REAL"},
    {"black_rating_then", "REAL"},
    // The tournament a game belongs to (tournaments.id) and its round (0 in
    // an arena); NULL for every other game.
    {"tournament_id", "TEXT"},
    {"tournament_round", "INTEGER"},
};

}  // namespace

void create_schema(Database* db) {
  sql_exec(db,
           "CREATE TABLE IF NOT EXISTS games("
           " id TEXT PRIMARY KEY,"
           " mode TEXT NOT NULL,"
           " level INTEGER NOT NULL,"
           " start TEXT NOT NULL,"
           " white_token TEXT NOT NULL,"
           " black_token TEXT NOT NULL,"
           " engine_color TEXT NOT NULL,"
           " version INTEGER NOT NULL,"
           " over INTEGER NOT NULL,"
           " created REAL NOT NULL) WITHOUT ROWID;"
           "CREATE TABLE IF NOT EXISTS moves("
           " game_id TEXT NOT NULL REFERENCES games(id),"
           " number INTEGER NOT NULL,"
           " move TEXT NOT NULL,"
           " time REAL NOT NULL,"
           " PRIMARY KEY(game_id, number)) WITHOUT ROWID;"
           "CREATE INDEX IF NOT EXISTS unfinished_engine_games ON games(mode) WHERE over = 0;");
  bool migrated = false;
  bool ratings_then_added = false;
  for (const auto& [name, type] : kGameColumns)
    if (!sql_has_column(db, "games", name)) {
      sql_exec(db, ("ALTER TABLE games ADD COLUMN " + std::string(name) + " " + type).c_str());
      migrated = true;
      if (std::string(name) == "white_rating_then") ratings_then_added = true;
    }
  // The game's version whose change wrote each move (0: a move written
  // before this column, or by an older server): a node holding a game's
  // moves reads only those it lacks when its last one is still stored as
  // it holds it (GameStore::load_increment).
  if (!sql_has_column(db, "moves", "version"))
    sql_exec(db, "ALTER TABLE moves ADD COLUMN version INTEGER NOT NULL DEFAULT 0");
  // Old games: their times from the old columns (the list summary is
  // rewritten when each is next loaded: GameRoom::refresh_summary).
  if (migrated)
    sql_exec(db,
             "UPDATE games SET created_ms = CAST(created * 1000 AS INTEGER),"
             " started_ms = CASE WHEN mode <> 'online' OR (white_token <> '' AND black_token <> '')"
             " THEN CAST(created * 1000 AS INTEGER) ELSE 0 END,"
             // The later of created and the last move (CASE: SQLite's
             // two-argument MAX is not PostgreSQL's).
             " updated_ms = CAST(1000 * CASE WHEN COALESCE((SELECT MAX(time) FROM moves"
             " WHERE moves.game_id = games.id), 0) > created THEN (SELECT MAX(time) FROM moves"
             " WHERE moves.game_id = games.id) ELSE created END AS INTEGER) WHERE created_ms = 0");
  sql_exec(db,
           "CREATE INDEX IF NOT EXISTS games_white_user ON games(white_user, updated_ms);"
           "CREATE INDEX IF NOT EXISTS games_black_user ON games(black_user, updated_ms);"
           "CREATE INDEX IF NOT EXISTS games_by_update ON games(over, updated_ms);"
           "CREATE INDEX IF NOT EXISTS open_lobby_games ON games(lobby) WHERE lobby = 1;"
           // Many nodes (engine_claims.hpp): the games the leader looks
           // at when nobody holds them, and who computes each engine move.
           "CREATE INDEX IF NOT EXISTS games_to_watch ON games(watch_ms) WHERE over = 0;"
           "CREATE TABLE IF NOT EXISTS engine_claims("
           " game_id TEXT PRIMARY KEY,"
           " version INTEGER NOT NULL,"  // the game's version the move is for
           " node TEXT NOT NULL,"        // GameStore::node_id of the node thinking
           " until_ms INTEGER NOT NULL);"
           // Many nodes: the limits that hold across them
           // (shared_rate_bucket.hpp).
           "CREATE TABLE IF NOT EXISTS rate_buckets("
           " key TEXT PRIMARY KEY,"
           " tokens REAL NOT NULL,"
           " updated_ms INTEGER NOT NULL);"  // renewed while the node lives
           "CREATE TABLE IF NOT EXISTS users("
           " id INTEGER PRIMARY KEY,"
           " name TEXT NOT NULL,"
           " name_key TEXT NOT NULL UNIQUE,"  // the name in lower case
           " password_hash TEXT NOT NULL,"    // Argon2id; '' for guests and engines
           " guest INTEGER NOT NULL,"
           " engine INTEGER NOT NULL DEFAULT 0,"
           " rating REAL NOT NULL DEFAULT 1500,"
           " deviation REAL NOT NULL DEFAULT 350,"
           " volatility REAL NOT NULL DEFAULT 0.06,"
           " games INTEGER NOT NULL DEFAULT 0,"
           " created_ms INTEGER NOT NULL);"
           "CREATE TABLE IF NOT EXISTS sessions("
           " token_hash TEXT PRIMARY KEY,"  // SHA-256 of the cookie, hex
           " user_id INTEGER NOT NULL REFERENCES users(id),"
           " created_ms INTEGER NOT NULL,"
           " expires_ms INTEGER NOT NULL) WITHOUT ROWID;"
           "CREATE TABLE IF NOT EXISTS rating_history("
           " user_id INTEGER NOT NULL REFERENCES users(id),"
           " game_id TEXT NOT NULL,"
           " color TEXT NOT NULL,"
           " time_ms INTEGER NOT NULL,"
           " before REAL NOT NULL,"
           " after REAL NOT NULL,"
           " deviation REAL NOT NULL,"
           " PRIMARY KEY(user_id, game_id)) WITHOUT ROWID;"
           "CREATE INDEX IF NOT EXISTS rating_history_game ON rating_history(game_id);"
           // Whom a user follows (friends) and blocks (RelationStore).
           "CREATE TABLE IF NOT EXISTS follows("
           " from_user INTEGER NOT NULL REFERENCES users(id),"
           " to_user INTEGER NOT NULL REFERENCES users(id),"
           " created_ms INTEGER NOT NULL,"
           " PRIMARY KEY(from_user, to_user)) WITHOUT ROWID;"
           "CREATE INDEX IF NOT EXISTS follows_to ON follows(to_user);"
           "CREATE TABLE IF NOT EXISTS blocks("
           " from_user INTEGER NOT NULL REFERENCES users(id),"
           " to_user INTEGER NOT NULL REFERENCES users(id),"
           " created_ms INTEGER NOT NULL,"
           " PRIMARY KEY(from_user, to_user)) WITHOUT ROWID;"
           "CREATE INDEX IF NOT EXISTS blocks_to ON blocks(to_user);"
           // Challenges between players and each user's notifications
           // (server/social: ChallengeStore, NotificationStore).
           "CREATE TABLE IF NOT EXISTS challenges("
           " id TEXT PRIMARY KEY,"
           " from_user INTEGER NOT NULL REFERENCES users(id),"
           " to_user INTEGER NOT NULL REFERENCES users(id),"
           " color TEXT NOT NULL,"  // the challenger's: white, black, random
           " clock TEXT NOT NULL,"  // format_time_control
           " rated INTEGER NOT NULL,"
           " created_ms INTEGER NOT NULL,"
           " state TEXT NOT NULL,"  // pending, accepted, declined, cancelled, expired
           " game_id TEXT NOT NULL DEFAULT '') WITHOUT ROWID;"
           "CREATE INDEX IF NOT EXISTS challenges_from ON challenges(from_user, state);"
           "CREATE INDEX IF NOT EXISTS challenges_to ON challenges(to_user, state);"
           "CREATE TABLE IF NOT EXISTS notifications("
           " id INTEGER PRIMARY KEY,"
           " user_id INTEGER NOT NULL REFERENCES users(id),"
           " kind TEXT NOT NULL,"  // challenge, your-move, rematch, friend-started
           " data TEXT NOT NULL,"  // JSON
           " created_ms INTEGER NOT NULL,"
           " read INTEGER NOT NULL DEFAULT 0);"
           "CREATE INDEX IF NOT EXISTS notifications_of ON notifications(user_id, id);");
  // Games that ended before the ratings of the time were stored: a rated
  // game's rating before it (its history row), else the rating after the
  // player's last rated game before this one ended, else the starting 1500.
  // Engines (fixed ratings) and guests stay NULL.
  if (ratings_then_added)
    for (const char* color : {"white", "black"}) {
      std::string c = color;
      std::string user = "games." + c + "_user";
      sql_exec(db, ("UPDATE games SET " + c +
                    "_rating_then = COALESCE("
                    "(SELECT h.before FROM rating_history h WHERE h.game_id = games.id AND h.user_id = " +
                    user +
                    "),"
                    "(SELECT h.after FROM rating_history h WHERE h.user_id = " +
                    user +
                    " AND h.time_ms < games.updated_ms ORDER BY h.time_ms DESC LIMIT 1), 1500) "
                    "WHERE over = 1 AND " +
                    user + " IN (SELECT id FROM users WHERE guest = 0 AND engine = 0)")
                       .c_str());
    }
  // Chat (server/chat): the messages of a game's two channels, kept with the
  // game for its replay ('players' or 'spectators'; deleted by a moderator:
  // hidden), and the reports of messages for a moderator (`dvonn admin`).
  // Users gain two settings: chat on or off, and banned (cannot log in).
  sql_exec(db,
           "CREATE TABLE IF NOT EXISTS chat_messages("
           " id INTEGER PRIMARY KEY,"
           " game_id TEXT NOT NULL,"
           " channel TEXT NOT NULL,"
           " user_id INTEGER NOT NULL REFERENCES users(id),"
           " name TEXT NOT NULL,"
           " text TEXT NOT NULL,"
           " time_ms INTEGER NOT NULL,"
           " deleted INTEGER NOT NULL DEFAULT 0);"
           "CREATE INDEX IF NOT EXISTS chat_messages_game ON chat_messages(game_id, id);"
           "CREATE INDEX IF NOT EXISTS chat_messages_user ON chat_messages(user_id);"
           "CREATE TABLE IF NOT EXISTS chat_reports("
           " message_id INTEGER NOT NULL REFERENCES chat_messages(id),"
           " reporter INTEGER NOT NULL REFERENCES users(id),"
           " reason TEXT NOT NULL,"
           " time_ms INTEGER NOT NULL,"
           " resolved INTEGER NOT NULL DEFAULT 0,"
           " PRIMARY KEY(message_id, reporter)) WITHOUT ROWID;"
           "CREATE INDEX IF NOT EXISTS chat_reports_reporter ON chat_reports(reporter);");
  for (const char* column : {"chat_enabled INTEGER NOT NULL DEFAULT 1", "banned INTEGER NOT NULL DEFAULT 0"}) {
    std::string name = std::string(column).substr(0, std::string(column).find(' '));
    if (!sql_has_column(db, "users", name.c_str()))
      sql_exec(db, ("ALTER TABLE users ADD COLUMN " + std::string(column)).c_str());
  }
  // Tournaments (server/tournaments): each tournament's settings and state,
  // its entrants (withdrawn ones stay, for the table) and its games in the
  // order they were paired (a bye has no game id; result "pending" until
  // its game ends).
  sql_exec(db,
           "CREATE TABLE IF NOT EXISTS tournaments("
           " id TEXT PRIMARY KEY,"
           " name TEXT NOT NULL,"
           " kind TEXT NOT NULL,"
           " clock TEXT NOT NULL,"
           " rated INTEGER NOT NULL,"
           " rounds INTEGER NOT NULL,"
           " duration_minutes INTEGER NOT NULL,"
           " starts_ms INTEGER NOT NULL,"
           " ends_ms INTEGER NOT NULL,"
           " status TEXT NOT NULL,"
           " round INTEGER NOT NULL,"
           " password_hash TEXT NOT NULL,"
           " created_by INTEGER NOT NULL,"
           " created_ms INTEGER NOT NULL,"
           " round_done_ms INTEGER NOT NULL) WITHOUT ROWID;"
           "CREATE INDEX IF NOT EXISTS tournaments_by_status ON tournaments(status, starts_ms);"
           "CREATE TABLE IF NOT EXISTS tournament_entrants("
           " tournament_id TEXT NOT NULL,"
           " user_id INTEGER NOT NULL,"
           " joined_ms INTEGER NOT NULL,"
           " withdrawn INTEGER NOT NULL,"
           " PRIMARY KEY(tournament_id, user_id)) WITHOUT ROWID;"
           "CREATE TABLE IF NOT EXISTS tournament_games("
           " tournament_id TEXT NOT NULL,"
           " seq INTEGER NOT NULL,"
           " round INTEGER NOT NULL,"
           " white INTEGER NOT NULL,"
           " black INTEGER NOT NULL,"
           " game_id TEXT NOT NULL,"
           " result TEXT NOT NULL,"
           " ended_ms INTEGER NOT NULL,"
           " PRIMARY KEY(tournament_id, seq)) WITHOUT ROWID;");
  // Ratings per time-control family (server/accounts/family_ratings): each
  // person's Glicko-2 rating in each family they played a rated game of,
  // changed in the transaction that changes the overall rating, and its
  // history, one row per rated game (a game has one family), apart from
  // rating_history so that the overall history keeps its meaning. A
  // database from before is filled once by replaying its rated games
  // (replay_family_ratings, when AccountStore opens).
  sql_exec(db,
           "CREATE TABLE IF NOT EXISTS family_ratings("
           " user_id INTEGER NOT NULL REFERENCES users(id),"
           " family TEXT NOT NULL,"  // community::time_control_families
           " rating REAL NOT NULL,"
           " deviation REAL NOT NULL,"
           " volatility REAL NOT NULL,"
           " games INTEGER NOT NULL,"
           " updated_ms INTEGER NOT NULL,"  // its last rated game
           " PRIMARY KEY(user_id, family)) WITHOUT ROWID;"
           "CREATE INDEX IF NOT EXISTS family_ratings_board ON family_ratings(family, rating);"
           "CREATE TABLE IF NOT EXISTS family_rating_history("
           " user_id INTEGER NOT NULL REFERENCES users(id),"
           " game_id TEXT NOT NULL,"
           " family TEXT NOT NULL,"
           " time_ms INTEGER NOT NULL,"
           " before REAL NOT NULL,"
           " after REAL NOT NULL,"
           " deviation REAL NOT NULL,"
           " PRIMARY KEY(user_id, game_id)) WITHOUT ROWID;"
           "CREATE INDEX IF NOT EXISTS family_rating_history_of ON family_rating_history(user_id, family, time_ms);");
  // The interactive tutorial (TutorialStore): the steps each account has
  // finished, so that it resumes at the first unfinished one.
  sql_exec(db,
           "CREATE TABLE IF NOT EXISTS tutorial_progress("
           " user_id INTEGER NOT NULL REFERENCES users(id),"
           " step TEXT NOT NULL,"  // a name of kTutorialSteps
           " done_ms INTEGER NOT NULL,"
           " PRIMARY KEY(user_id, step)) WITHOUT ROWID;");
  // Game reviews (server/review): one job per game ('' for an imported
  // record), keyed by the moves it analysed (moves_key: a changed game
  // gets a new review, the old result is refused). 'queued', 'running',
  // 'done' or 'failed'; positions holds the evaluations done so far (a
  // JSON array), so a restart resumes where it stopped; review the result.
  // The requester's address and account bound the jobs each may queue.
  sql_exec(db,
           "CREATE TABLE IF NOT EXISTS reviews("
           " id TEXT PRIMARY KEY,"
           " game_id TEXT NOT NULL,"
           " moves_key TEXT NOT NULL,"
           " record TEXT NOT NULL,"
           " status TEXT NOT NULL,"
           " done INTEGER NOT NULL DEFAULT 0,"
           " total INTEGER NOT NULL,"
           " positions TEXT NOT NULL DEFAULT '[]',"
           " review TEXT,"
           " error TEXT NOT NULL DEFAULT '',"
           " address TEXT NOT NULL,"
           " user_id INTEGER NOT NULL DEFAULT 0,"
           " created_ms INTEGER NOT NULL,"
           " updated_ms INTEGER NOT NULL);"
           "CREATE INDEX IF NOT EXISTS reviews_game ON reviews(game_id, moves_key);"
           "CREATE INDEX IF NOT EXISTS reviews_key ON reviews(moves_key);"
           "CREATE INDEX IF NOT EXISTS reviews_status ON reviews(status, created_ms);");
  // The placement explorer (server/explorer): explorer_games notes every
  // finished game the index has looked at (placements: how many rows it
  // added; 0 for a game that does not count), so the backfill at start
  // skips it; explorer_moves holds each counted game's placements by the
  // position before them (a position string), with the result from White's
  // view (1, 0, -1), the players' average rating (NULL with a guest) and
  // the time-control family.
  sql_exec(db,
           "CREATE TABLE IF NOT EXISTS explorer_games("
           " game_id TEXT PRIMARY KEY,"
           " placements INTEGER NOT NULL);"
           "CREATE TABLE IF NOT EXISTS explorer_moves("
           " game_id TEXT NOT NULL,"
           " ply INTEGER NOT NULL,"
           " position TEXT NOT NULL,"
           " move TEXT NOT NULL,"
           " result INTEGER NOT NULL,"
           " rating REAL,"
           " family TEXT NOT NULL,"
           " PRIMARY KEY(game_id, ply));"
           "CREATE INDEX IF NOT EXISTS explorer_moves_at ON explorer_moves(position, family);");
  // Puzzles (server/puzzles): positions with one winning (or saving) move,
  // from the bundled set and mined from finished games; each with its own
  // Glicko-2 rating. A user's first attempt at a puzzle is rated (and the
  // only one kept); puzzle_ratings is each user's puzzle rating;
  // puzzle_mined marks a finished game mined, with the moves it was mined
  // at (moves_key), committed together with its puzzles; puzzle_daily the
  // puzzle of each UTC day, fixed the first time it is asked for.
  sql_exec(db,
           "CREATE TABLE IF NOT EXISTS puzzles("
           " id TEXT PRIMARY KEY,"
           " position TEXT NOT NULL,"
           " side TEXT NOT NULL,"
           " goal TEXT NOT NULL,"
           " proved INTEGER NOT NULL,"
           " solution TEXT NOT NULL,"    // moves, space-separated
           " wrong TEXT NOT NULL,"       // the natural wrong move
           " refutation TEXT NOT NULL,"  // the answer to it, space-separated
           " played_wrong INTEGER NOT NULL,"
           " source TEXT NOT NULL,"
           " game_id TEXT NOT NULL DEFAULT '',"
           " ply INTEGER NOT NULL DEFAULT 0,"
           " rating REAL NOT NULL,"
           " deviation REAL NOT NULL,"
           " volatility REAL NOT NULL,"
           " attempts INTEGER NOT NULL DEFAULT 0,"
           " solved INTEGER NOT NULL DEFAULT 0,"
           " created_ms INTEGER NOT NULL);"
           "CREATE INDEX IF NOT EXISTS puzzles_rating ON puzzles(rating);"
           "CREATE TABLE IF NOT EXISTS puzzle_attempts("
           " user_id INTEGER NOT NULL,"
           " puzzle_id TEXT NOT NULL,"
           " moves TEXT NOT NULL,"
           " solved INTEGER NOT NULL,"
           " rating_before REAL NOT NULL,"
           " rating_after REAL NOT NULL,"
           " puzzle_before REAL NOT NULL,"
           " puzzle_after REAL NOT NULL,"
           " time_ms INTEGER NOT NULL,"
           " PRIMARY KEY(user_id, puzzle_id));"
           "CREATE INDEX IF NOT EXISTS puzzle_attempts_of ON puzzle_attempts(user_id, time_ms);"
           "CREATE TABLE IF NOT EXISTS puzzle_ratings("
           " user_id INTEGER NOT NULL,"
           " rating REAL NOT NULL,"
           " deviation REAL NOT NULL,"
           " volatility REAL NOT NULL,"
           " attempts INTEGER NOT NULL,"
           " solved INTEGER NOT NULL,"
           " updated_ms INTEGER NOT NULL,"
           " PRIMARY KEY(user_id));"
           "CREATE TABLE IF NOT EXISTS puzzle_mined("
           " game_id TEXT PRIMARY KEY,"
           " moves_key TEXT NOT NULL,"
           " puzzles INTEGER NOT NULL,"
           " mined_ms INTEGER NOT NULL);"
           "CREATE TABLE IF NOT EXISTS puzzle_daily("
           " day INTEGER NOT NULL,"
           " puzzle_id TEXT NOT NULL,"
           " PRIMARY KEY(day));");
  // Many servers on one database (issue 40): what the two people of an
  // online game asked of each other and who is away (a rematch offer, a
  // takeback request; rooms/live_fields.hpp), written with the game's
  // version so that every node's room re-reads it; and which node has a
  // WebSocket of a seat open (rooms/seat_sockets.hpp): a seat is there
  // while some node's row is fresh (refreshed by its node every few
  // seconds; a dead node's rows go stale).
  sql_exec(db,
           "CREATE TABLE IF NOT EXISTS game_live_fields("
           " game_id TEXT PRIMARY KEY,"
           " fields TEXT NOT NULL);"
           "CREATE TABLE IF NOT EXISTS seat_sockets("
           " game_id TEXT NOT NULL,"
           " color TEXT NOT NULL,"
           " node TEXT NOT NULL,"
           " seen_ms INTEGER NOT NULL,"
           " PRIMARY KEY(game_id, color, node));"
           "CREATE INDEX IF NOT EXISTS seat_sockets_seen ON seat_sockets(seen_ms);");
  // Many nodes on one database (issue 40). nodes: each node's heartbeat
  // (NodeRegistry, once a second), with its own counts (players connected
  // here) that the header sums over the live nodes; a node not seen for a
  // while is gone. seeks: "Play now" seeks of every node, one a user (the
  // Matchmaker; paired on the leader, the pair's rows deleted in the
  // transaction that makes their game). lobby_seen: when an open lobby
  // game's creator was last seen watching it, by whichever node sees them
  // (the leader expires the game from it).
  sql_exec(db,
           "CREATE TABLE IF NOT EXISTS nodes("
           " id TEXT PRIMARY KEY,"
           " seen_ms INTEGER NOT NULL,"
           " started_ms INTEGER NOT NULL,"
           " online INTEGER NOT NULL DEFAULT 0,"
           " users TEXT NOT NULL DEFAULT '');"  // the ids of those connected, space-separated
           "CREATE TABLE IF NOT EXISTS seeks("
           " user_id INTEGER NOT NULL PRIMARY KEY,"
           " name TEXT NOT NULL,"
           " guest INTEGER NOT NULL,"
           " user_rating REAL NOT NULL,"
           " deviation REAL NOT NULL,"
           " control TEXT NOT NULL,"
           " rated INTEGER NOT NULL,"
           " rating REAL NOT NULL,"
           " since_ms INTEGER NOT NULL,"
           " engine_offered INTEGER NOT NULL DEFAULT 0,"
           " node TEXT NOT NULL);"
           "CREATE TABLE IF NOT EXISTS lobby_seen("
           " game_id TEXT PRIMARY KEY,"
           " seen_ms INTEGER NOT NULL);");
}

}  // namespace dvonn::server
