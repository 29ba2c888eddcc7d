//! The seats a web page holds across a reload (issue 35). A page that
//! reloads loses its session; the desktop client would reconnect with the
//! seat token from `ServerMsg::Seated`, and so does the page: while it is
//! seated at a running match, the table's code, the seat token and the
//! server's address are kept in the browser's local storage (through
//! eframe's [`Storage`], which the page writes to local storage at once),
//! and a page that loads with `#join=CODE` for a table it holds a seat at
//! takes that seat back (`ClientMsg::Reconnect`) instead of joining.
//!
//! What is kept, and when ([`SeatKeeper::follow`], once per frame):
//!
//! - **kept** when the live session is seated (a player, not a spectator)
//!   at a match that is not over; a rematch's new table replaces its old
//!   one;
//! - **forgotten** when that match is over, or when the page has no live
//!   online session any more (the player left, went back to the start
//!   screen, or the seat could not be taken back);
//! - **used** on load ([`entry_for`]) when the address's link is
//!   `#join=CODE` and a seat at table `CODE` of the same server is held.
//!
//! A held seat is outside data (another version of the page wrote it, or
//! a person did): one that can't be read counts as none, and the server
//! checks the token. At most [`MAX_HELD`] seats are held, the newest
//! first, so that pages at different tables in one browser each keep
//! theirs and forgotten ones can't pile up.

use super::{LinkState, OnlineEntry, OnlineStatus};
use crate::table_link::TableLink;
use eframe::Storage;
use serde::{Deserialize, Serialize};

/// The storage key the held seats are kept under.
pub const HELD_SEATS_KEY: &str = "sve-ui held seats";

/// The most seats held at once.
pub const MAX_HELD: usize = 8;

/// One seat a page may take back after a reload.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeldSeat {
    /// The server's WebSocket address (`ws://host:port/`).
    pub server: String,
    /// The table's code.
    pub code: String,
    /// The seat token the server gave with the seating.
    pub token: String,
}

impl HeldSeat {
    /// The seat the live session holds, if it is one to keep: seated as a
    /// player at a match that is not over.
    pub fn of(status: &OnlineStatus) -> Option<HeldSeat> {
        if status.over {
            return None;
        }
        let seating = status.seating.as_ref()?;
        let token = seating.token.clone()?;
        Some(HeldSeat {
            server: status.server.trim().to_owned(),
            code: seating.code.clone(),
            token,
        })
    }

    /// Whether this is a seat at table `code` of the server at `server`.
    pub fn is_at(&self, server: &str, code: &str) -> bool {
        self.server == server.trim() && self.code.eq_ignore_ascii_case(code.trim())
    }
}

/// The seats in `storage`, newest first; none when there are none or
/// they can't be read.
pub fn held(storage: &dyn Storage) -> Vec<HeldSeat> {
    eframe::get_value(storage, HELD_SEATS_KEY).unwrap_or_default()
}

/// Keeps `seat` in `storage`, the newest, in place of any other seat at
/// its table.
pub fn hold(storage: &mut dyn Storage, seat: &HeldSeat) {
    let mut seats = held(storage);
    seats.retain(|other| !other.is_at(&seat.server, &seat.code));
    seats.insert(0, seat.clone());
    seats.truncate(MAX_HELD);
    eframe::set_value(storage, HELD_SEATS_KEY, &seats);
}

/// Forgets the seat at table `code` of `server`, if one is held.
pub fn release(storage: &mut dyn Storage, server: &str, code: &str) {
    let mut seats = held(storage);
    let before = seats.len();
    seats.retain(|other| !other.is_at(server, code));
    if seats.len() == before {
        return;
    }
    if seats.is_empty() {
        storage.remove_string(HELD_SEATS_KEY);
    } else {
        eframe::set_value(storage, HELD_SEATS_KEY, &seats);
    }
}

/// How a page that loads with `link` on the server at `server` enters:
/// with a held seat at the link's table, by taking it back; otherwise as
/// the link says. The seat used, if any, is returned too: the page's
/// [`SeatKeeper`] starts from it.
pub fn entry_for(
    link: &TableLink,
    server: &str,
    storage: Option<&dyn Storage>,
) -> (OnlineEntry, Option<HeldSeat>) {
    let TableLink::Join(code) = link else {
        return (link.entry(), None);
    };
    let seat = storage.and_then(|storage| {
        held(storage)
            .into_iter()
            .find(|seat| seat.is_at(server, code))
    });
    match seat {
        Some(seat) => (
            OnlineEntry::Reconnect {
                code: seat.code.clone(),
                token: seat.token.clone(),
            },
            Some(seat),
        ),
        None => (link.entry(), None),
    }
}

/// What [`SeatKeeper::follow`] changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Held {
    /// This seat is held now (the page's address should name its table).
    Kept(HeldSeat),
    /// This seat is held no more.
    Released(HeldSeat),
}

/// Keeps the storage's held seats in step with one page's live session.
#[derive(Debug, Default)]
pub struct SeatKeeper {
    /// The seat this page holds in the storage.
    holding: Option<HeldSeat>,
}

impl SeatKeeper {
    /// A keeper holding `seat` already (the seat a page that loaded is
    /// taking back, [`entry_for`]), or none.
    pub fn new(seat: Option<HeldSeat>) -> SeatKeeper {
        SeatKeeper { holding: seat }
    }

    /// The seat this page holds.
    pub fn holding(&self) -> Option<&HeldSeat> {
        self.holding.as_ref()
    }

    /// After a frame: `live` is the page's online session's status, if it
    /// has one. Keeps, replaces or forgets the page's seat in `storage`
    /// (see the module's doc) and says what changed.
    pub fn follow(&mut self, live: Option<&OnlineStatus>, storage: &mut dyn Storage) -> Vec<Held> {
        let mut changed = Vec::new();
        let keep = match live {
            None => None,
            Some(status) if status.over => None,
            Some(status) => match HeldSeat::of(status) {
                Some(seat) => Some(seat),
                // Not seated yet (connecting, taking the seat back, in
                // the queue) or a closed link whose seat may still be
                // taken back by a reload: what is held stays.
                None if status.seating.is_none()
                    || matches!(status.link, LinkState::Closed { .. }) =>
                {
                    return changed;
                }
                // A spectator's seating: nothing to hold.
                None => None,
            },
        };
        if keep == self.holding {
            return changed;
        }
        if let Some(old) = self.holding.take() {
            release(storage, &old.server, &old.code);
            changed.push(Held::Released(old));
        }
        if let Some(seat) = keep {
            hold(storage, &seat);
            changed.push(Held::Kept(seat.clone()));
            self.holding = Some(seat);
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;
    use sve_net::protocol::{ClockSpec, Seating};

    /// Local storage as a map, as the page's is.
    #[derive(Default)]
    struct Memory(BTreeMap<String, String>);

    impl Storage for Memory {
        fn get_string(&self, key: &str) -> Option<String> {
            self.0.get(key).cloned()
        }

        fn set_string(&mut self, key: &str, value: String) {
            self.0.insert(key.to_owned(), value);
        }

        fn remove_string(&mut self, key: &str) {
            self.0.remove(key);
        }

        fn flush(&mut self) {}
    }

    const SERVER: &str = "ws://127.0.0.1:7878/";

    fn status(code: &str, token: Option<&str>) -> OnlineStatus {
        let mut status = OnlineStatus::new(SERVER);
        status.link = LinkState::Connected {
            server: "sve".to_owned(),
        };
        status.seating = Some(Seating {
            code: code.to_owned(),
            seat: token.map(|_| 0),
            token: token.map(str::to_owned),
            names: ["Page".to_owned(), "Bot".to_owned()],
            clock: ClockSpec::default(),
        });
        status
    }

    fn seat(code: &str, token: &str) -> HeldSeat {
        HeldSeat {
            server: SERVER.to_owned(),
            code: code.to_owned(),
            token: token.to_owned(),
        }
    }

    #[test]
    fn a_seat_is_held_while_its_match_runs_and_forgotten_when_it_ends() {
        let mut storage = Memory::default();
        let mut keeper = SeatKeeper::default();
        // Connecting, then in the lobby: nothing to hold yet.
        let mut live = OnlineStatus::new(SERVER);
        assert!(keeper.follow(Some(&live), &mut storage).is_empty());
        assert!(held(&storage).is_empty());
        live = status("K7QH2M", Some("tok-1"));
        assert_eq!(
            keeper.follow(Some(&live), &mut storage),
            [Held::Kept(seat("K7QH2M", "tok-1"))]
        );
        assert_eq!(held(&storage), [seat("K7QH2M", "tok-1")]);
        // Every frame after: no change.
        assert!(keeper.follow(Some(&live), &mut storage).is_empty());
        live.over = true;
        assert_eq!(
            keeper.follow(Some(&live), &mut storage),
            [Held::Released(seat("K7QH2M", "tok-1"))]
        );
        assert!(held(&storage).is_empty());
        assert!(storage.0.is_empty(), "nothing left in the storage");
    }

    #[test]
    fn a_rematch_holds_its_new_table_instead() {
        let mut storage = Memory::default();
        let mut keeper = SeatKeeper::default();
        let mut live = status("K7QH2M", Some("tok-1"));
        keeper.follow(Some(&live), &mut storage);
        live.over = true;
        keeper.follow(Some(&live), &mut storage);
        // Both offered: a new table, fresh tokens, the match runs again.
        live = status("B2B2B2", Some("tok-2"));
        assert_eq!(
            keeper.follow(Some(&live), &mut storage),
            [Held::Kept(seat("B2B2B2", "tok-2"))]
        );
        assert_eq!(held(&storage), [seat("B2B2B2", "tok-2")]);
    }

    #[test]
    fn leaving_forgets_the_seat_and_a_spectator_holds_none() {
        let mut storage = Memory::default();
        let mut keeper = SeatKeeper::default();
        keeper.follow(Some(&status("K7QH2M", Some("tok-1"))), &mut storage);
        assert_eq!(
            keeper.follow(None, &mut storage),
            [Held::Released(seat("K7QH2M", "tok-1"))]
        );
        assert!(held(&storage).is_empty());
        assert!(
            keeper
                .follow(Some(&status("K7QH2M", None)), &mut storage)
                .is_empty()
        );
        assert!(held(&storage).is_empty());
    }

    #[test]
    fn a_lost_link_keeps_the_seat_for_a_reload() {
        let mut storage = Memory::default();
        let mut keeper = SeatKeeper::default();
        let mut live = status("K7QH2M", Some("tok-1"));
        keeper.follow(Some(&live), &mut storage);
        for link in [
            LinkState::Reconnecting {
                attempt: 2,
                reason: "gone".to_owned(),
            },
            LinkState::Closed {
                reason: "gone".to_owned(),
            },
        ] {
            live.link = link;
            assert!(keeper.follow(Some(&live), &mut storage).is_empty());
            assert_eq!(held(&storage), [seat("K7QH2M", "tok-1")]);
        }
    }

    #[test]
    fn a_page_at_a_held_table_takes_its_seat_back() {
        let mut storage = Memory::default();
        hold(&mut storage, &seat("K7QH2M", "tok-1"));
        let join = TableLink::Join("K7QH2M".to_owned());
        let (entry, used) = entry_for(&join, SERVER, Some(&storage));
        assert_eq!(
            entry,
            OnlineEntry::Reconnect {
                code: "K7QH2M".to_owned(),
                token: "tok-1".to_owned()
            }
        );
        assert_eq!(used, Some(seat("K7QH2M", "tok-1")));
        // Another table, another server, a watch link or no storage: the
        // link as it says.
        for (link, server, storage) in [
            (TableLink::Join("OTHER1".to_owned()), SERVER, Some(&storage)),
            (join.clone(), "ws://elsewhere:7878/", Some(&storage)),
            (
                TableLink::Watch("K7QH2M".to_owned()),
                SERVER,
                Some(&storage),
            ),
            (join.clone(), SERVER, None),
        ] {
            let storage = storage.map(|storage| storage as &dyn Storage);
            assert_eq!(entry_for(&link, server, storage), (link.entry(), None));
        }
    }

    #[test]
    fn a_seat_that_could_not_be_taken_back_is_forgotten() {
        // The page took the held seat back, but the server said no: the
        // Play online screen dropped the session with the reason.
        let mut storage = Memory::default();
        hold(&mut storage, &seat("K7QH2M", "tok-1"));
        let (_, used) = entry_for(
            &TableLink::Join("K7QH2M".to_owned()),
            SERVER,
            Some(&storage),
        );
        let mut keeper = SeatKeeper::new(used);
        let connecting = OnlineStatus::new(SERVER);
        assert!(keeper.follow(Some(&connecting), &mut storage).is_empty());
        assert_eq!(held(&storage).len(), 1, "kept while the page reconnects");
        keeper.follow(None, &mut storage);
        assert!(held(&storage).is_empty());
    }

    #[test]
    fn held_seats_are_few_and_unreadable_ones_are_none() {
        let mut storage = Memory::default();
        for n in 0..20 {
            hold(&mut storage, &seat(&format!("T{n}"), "tok"));
        }
        let seats = held(&storage);
        assert_eq!(seats.len(), MAX_HELD);
        assert_eq!(seats.first().map(|s| s.code.as_str()), Some("T19"));
        release(&mut storage, SERVER, "t19");
        assert_eq!(held(&storage).len(), MAX_HELD - 1);
        storage.set_string(HELD_SEATS_KEY, "not ours".to_owned());
        assert!(held(&storage).is_empty());
    }
}
