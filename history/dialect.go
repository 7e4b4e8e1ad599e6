package history

import (
	"strconv"
	"strings"
)

// dialect is what differs between the stores' SQL: the one layer for it
// (docs/running.md "History"). Queries are written with ? placeholders
// and {id} for the key column's type.
type dialect struct {
	name   string // "sqlite", "postgres"
	driver string // the database/sql driver
	// id is the type of an auto-numbered key column.
	id string
	// like matches without regard to case.
	like string
	// lock, run first in the migrations' transaction, keeps two
	// processes from migrating at once ("" when the transaction's own
	// lock does it).
	lock string
}

var (
	sqliteDialect = dialect{name: "sqlite", driver: "sqlite", id: "INTEGER PRIMARY KEY AUTOINCREMENT", like: "LIKE"}
	// 7130 is smokeflow's key among the store's advisory locks.
	postgresDialect = dialect{name: "postgres", driver: "pgx", id: "BIGSERIAL PRIMARY KEY", like: "ILIKE",
		lock: "SELECT pg_advisory_xact_lock(7130)"}
)

// sql is q in the dialect: $1, $2… for PostgreSQL's placeholders.
func (d dialect) sql(q string) string {
	q = strings.ReplaceAll(q, "{id}", d.id)
	q = strings.ReplaceAll(q, "{like}", d.like)
	if d.name != "postgres" {
		return q
	}
	var b strings.Builder
	n := 0
	for _, c := range q {
		if c == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}
