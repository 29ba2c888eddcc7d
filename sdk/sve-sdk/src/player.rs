//! [`Player`]: one of the two players of a match.

/// A player of the match, as the host numbers them (`0` and `1`).
///
/// Card code mostly meets players through [`Game::me`](crate::Game::me) and
/// [`Game::opponent`](crate::Game::opponent). Any number is accepted: the
/// host ignores calls about a player that does not exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Player(u8);

impl Player {
    /// The player the host numbers `index` (`0` or `1` in a match).
    pub const fn new(index: u8) -> Player {
        Player(index)
    }

    /// The host's number for this player.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The other player.
    pub const fn opponent(self) -> Player {
        Player(1 - (self.0 & 1))
    }
}

impl From<Player> for u8 {
    fn from(player: Player) -> u8 {
        player.0
    }
}

#[cfg(test)]
mod tests {
    use super::Player;

    #[test]
    fn the_opponent_of_each_player_is_the_other() {
        assert_eq!(Player::new(0).opponent(), Player::new(1));
        assert_eq!(Player::new(1).opponent(), Player::new(0));
        assert_eq!(Player::new(1).opponent().opponent(), Player::new(1));
    }
}
