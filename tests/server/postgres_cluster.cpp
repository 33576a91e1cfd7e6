#include "postgres_cluster.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "server/store/postgres_database.hpp"

namespace dvonn::server::testing {
namespace {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Debian installs each major version's programs in a folder of its own:
// the newest one.
std::string postgres_bin() {
  std::string best;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/usr/lib/postgresql", ec)) {
    auto bin = entry.path() / "bin";
    if (std::filesystem::exists(bin / "initdb") && bin.string() > best) best = bin.string();
  }
  if (best.empty())
    throw std::runtime_error(
        "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): scripts/setup.sh installs it");
  return best;
}

}  // namespace

PostgresCluster::PostgresCluster() : bin_(postgres_bin()) {
  char folder[] = "/tmp/dvonn-pg-XXXXXX";
  if (!mkdtemp(folder)) throw std::runtime_error("mkdtemp failed");
  folder_ = folder;
  if (geteuid() == 0 && std::system(("chown postgres: " + folder_).c_str()) != 0)
    throw std::runtime_error("cannot give " + folder_ + " to the postgres user");
  start_watchdog();
  run("initdb", "-D " + folder_ + "/data -A trust -U postgres --no-sync -E UTF8 --locale=C.UTF-8");
  // Unix socket in the folder only; fsync stays on (durability is tested).
  run("pg_ctl", "-D " + folder_ + "/data -l " + folder_ + "/log -w -t 60 -o \"-c listen_addresses='' -k " + folder_ +
                    " -c max_connections=400\" start");
}

PostgresCluster::~PostgresCluster() {
  // The watchdog stops the cluster and removes the folder.
  close(watchdog_pipe_);
  int status = 0;
  if (watchdog_ > 0) waitpid(watchdog_, &status, 0);
}

void PostgresCluster::start_watchdog() {
  std::string stop = bin_ + "/pg_ctl -D " + folder_ + "/data -m immediate -w stop";
  if (geteuid() == 0) stop = "runuser -u postgres -- " + stop;
  std::string command = "[ -f " + folder_ + "/data/postmaster.pid ] && " + stop + " >/dev/null 2>&1; rm -rf " + folder_;
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    close(fds[1]);
    char byte;
    while (read(fds[0], &byte, 1) != 0) {
    }
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(fds[0]);
  watchdog_pipe_ = fds[1];
  watchdog_ = pid;
}

void PostgresCluster::run(const std::string& program, const std::string& arguments) {
  std::string log = folder_ + "/" + program + ".out";
  std::string command = bin_ + "/" + program + " " + arguments;
  if (geteuid() == 0) command = "runuser -u postgres -- " + command;
  command += " > " + log + " 2>&1";
  if (std::system(command.c_str()) != 0) {
    std::string server_log = read_file(folder_ + "/log");
    throw std::runtime_error("PostgreSQL: `" + command + "` failed:\n" + read_file(log) + server_log);
  }
}

std::string PostgresCluster::fresh_database() {
  std::string name = "dvonn_test_" + std::to_string(++databases_);
  PostgresDatabase admin("host=" + folder_ + " dbname=postgres user=postgres");
  admin.exec("CREATE DATABASE " + name);
  return "host=" + folder_ + " dbname=" + name + " user=postgres";
}

std::string PostgresCluster::uri(const std::string& keywords) const {
  auto dbname = keywords.find("dbname=");
  std::string name = keywords.substr(dbname + 7, keywords.find(' ', dbname) - dbname - 7);
  // The socket folder as the host, percent-encoded (its slashes).
  std::string host;
  for (char c : folder_) host += c == '/' ? std::string("%2F") : std::string(1, c);
  return "postgresql://postgres@" + host + "/" + name;
}

PostgresCluster& shared_postgres() {
  static PostgresCluster cluster;
  return cluster;
}

bool tests_use_postgres() {
  const char* db = std::getenv("DVONN_TEST_DB");
  return db && std::string(db) == "postgres";
}

}  // namespace dvonn::server::testing
