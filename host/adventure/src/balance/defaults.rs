//! The shipped numbers ([`Balance::default`]), which
//! `host/adventure/data/balance.toml` writes out (a test keeps the two
//! equal).

use super::{
    Balance, Encounters, EventOdds, HealBalance, LightBalance, LightEffect, MapBalance,
    PlayerBalance, RelicDef, RelicEffect, RewardBalance, Scenario, ScenarioOption, ShopBalance,
    SpecialFight, Tier,
};
use crate::rarity::RarityOdds;
use crate::status::{self, StatusGrant};

impl Default for Balance {
    fn default() -> Balance {
        Balance {
            map: MapBalance::default(),
            odds: EventOdds::default(),
            light: LightBalance::default(),
            player: PlayerBalance::default(),
            encounters: Encounters::default(),
            rewards: RewardBalance::default(),
            shop: ShopBalance::default(),
            heal: HealBalance::default(),
            scenarios: default_scenarios(),
            relics: default_relics(),
            statuses: status::default_statuses(),
            special_fights: default_special_fights(),
            rarities: std::collections::BTreeMap::new(),
        }
    }
}

impl Default for MapBalance {
    fn default() -> MapBalance {
        MapBalance {
            columns: 7,
            floors: 15,
            paths: 6,
            elite_min_floor: 5,
            unique_rooms: 3,
            unique_min_floor: 3,
        }
    }
}

impl Default for EventOdds {
    fn default() -> EventOdds {
        EventOdds {
            fight: 45,
            elite: 12,
            shop: 8,
            heal: 12,
            random: 23,
            random_other_percent: 25,
            unique_fight_percent: 40,
        }
    }
}

impl Default for LightBalance {
    fn default() -> LightBalance {
        LightBalance {
            start_torches: 5,
            torch_radius: 1,
            start_torch_radius: 2,
            gold_per_torch_left: 25,
            dark: LightEffect {
                enemy_defense: 3,
                enemy_cards: 2,
                gold_percent: 175,
                card_picks: 2,
                torch_percent: 40,
                heal_percent: 50,
                shop_price_percent: 125,
                shop_sell_percent: 150,
                scenario_gain_percent: 150,
                scenario_cost_percent: 150,
            },
            lit: LightEffect::default(),
            bright: LightEffect {
                enemy_defense: -5,
                enemy_cards: 0,
                gold_percent: 80,
                card_picks: 1,
                torch_percent: 15,
                heal_percent: 150,
                shop_price_percent: 80,
                shop_sell_percent: 100,
                scenario_gain_percent: 100,
                scenario_cost_percent: 50,
            },
        }
    }
}

impl Default for LightEffect {
    fn default() -> LightEffect {
        LightEffect {
            enemy_defense: 0,
            enemy_cards: 0,
            gold_percent: 100,
            card_picks: 1,
            torch_percent: 25,
            heal_percent: 100,
            shop_price_percent: 100,
            shop_sell_percent: 100,
            scenario_gain_percent: 100,
            scenario_cost_percent: 100,
        }
    }
}

impl Default for PlayerBalance {
    fn default() -> PlayerBalance {
        PlayerBalance {
            leader_defense: 24,
            start_gold: 50,
        }
    }
}

impl Default for Encounters {
    fn default() -> Encounters {
        let all: Vec<String> = ["SD01", "SD02", "SD03", "SD04", "SD05", "SD06"]
            .map(str::to_owned)
            .to_vec();
        Encounters {
            tiers: vec![
                Tier {
                    from_floor: 1,
                    bot: "random".to_owned(),
                    defense: 15,
                    decks: all.clone(),
                },
                Tier {
                    from_floor: 6,
                    bot: "easy".to_owned(),
                    defense: 10,
                    decks: all,
                },
            ],
            elite_defense: 3,
            elite_cards: 1,
            boss_deck: "SD06".to_owned(),
            boss_bot: "easy".to_owned(),
            boss_defense: 15,
            turn_cap: 60,
        }
    }
}

impl Default for RewardBalance {
    fn default() -> RewardBalance {
        RewardBalance {
            fight_gold: [15, 25],
            elite_gold: [35, 50],
            boss_gold: 100,
            card_choices: 3,
            elite_card_picks: 1,
            weigh_rarity: true,
            rarity: Some(RarityOdds {
                bronze: [72, 35],
                silver: [20, 30],
                gold: [6, 20],
                legendary: [2, 15],
            }),
        }
    }
}

impl Default for ShopBalance {
    fn default() -> ShopBalance {
        ShopBalance {
            cards_offered: 3,
            card_price: 30,
            card_price_per_cost: 8,
            sell_price: 15,
            remove_price: 60,
            torch_price: 35,
        }
    }
}

impl Default for HealBalance {
    fn default() -> HealBalance {
        HealBalance {
            amount: 10,
            after_fight: 8,
        }
    }
}

fn default_scenarios() -> Vec<Scenario> {
    use crate::status::Target;
    let option = |label: &str| ScenarioOption {
        label: label.to_owned(),
        ..ScenarioOption::default()
    };
    // A status for the next fight.
    let grant = |status: &str, target, turns| StatusGrant {
        status: status.to_owned(),
        target,
        turns,
        fights: 1,
    };
    vec![
        Scenario {
            id: "wayside-shrine".to_owned(),
            text: "A shrine of burnt-out candles. A few coins lie in the offering bowl.".to_owned(),
            options: vec![
                ScenarioOption {
                    gold: 30,
                    defense: -3,
                    ..option("Take the coins")
                },
                ScenarioOption {
                    gold: -20,
                    defense: 6,
                    ..option("Leave an offering")
                },
                option("Walk on"),
            ],
        },
        Scenario {
            id: "lost-lamplighter".to_owned(),
            text: "A lamplighter has lost the way and offers a spare torch for coin.".to_owned(),
            options: vec![
                ScenarioOption {
                    gold: -25,
                    torches: 1,
                    ..option("Buy the torch")
                },
                ScenarioOption {
                    card_pick: true,
                    ..option("Ask for a story")
                },
                option("Walk on"),
            ],
        },
        Scenario {
            id: "cracked-mirror".to_owned(),
            text: "A mirror shows your deck, one card too many.".to_owned(),
            options: vec![
                ScenarioOption {
                    remove_card: true,
                    defense: -2,
                    ..option("Break the card's reflection")
                },
                option("Look away"),
            ],
        },
        Scenario {
            id: "fever-marsh".to_owned(),
            text: "A marsh of sweet, sick air. Something glints in the reeds.".to_owned(),
            options: vec![
                ScenarioOption {
                    gold: 40,
                    status: Some(grant("poison", Target::You, 3)),
                    ..option("Wade in for it")
                },
                ScenarioOption {
                    gold: -15,
                    status: Some(grant("regeneration", Target::You, 3)),
                    ..option("Pay the marsh-folk for a warm bath")
                },
                option("Go around"),
            ],
        },
        Scenario {
            id: "hedge-witch".to_owned(),
            text: "A hedge witch sells curses by the ounce.".to_owned(),
            options: vec![
                ScenarioOption {
                    gold: -30,
                    status: Some(grant("weakness", Target::Enemy, 2)),
                    ..option("Buy a curse for your next enemy")
                },
                option("Walk on"),
            ],
        },
        Scenario {
            id: "ember-pedlar".to_owned(),
            text: "A pedlar sells a warm stone that never cools.".to_owned(),
            options: vec![
                ScenarioOption {
                    gold: -60,
                    relic: Some("ember-stone".to_owned()),
                    ..option("Buy the Ember Stone")
                },
                option("Walk on"),
            ],
        },
    ]
}

fn default_special_fights() -> Vec<SpecialFight> {
    vec![
        SpecialFight {
            id: "hoard-wyrm".to_owned(),
            name: "The Hoard Wyrm".to_owned(),
            text: "A dragon coils around the twinkle's light, a Dragonguard already on watch."
                .to_owned(),
            deck: "hoard-wyrm".to_owned(),
            bot: "easy".to_owned(),
            defense: 8,
            cards: vec!["SD04-006".to_owned()],
        },
        SpecialFight {
            id: "tiger-shrine".to_owned(),
            name: "The Tiger Shrine".to_owned(),
            text: "Holy flames burn at the twinkle; their keeper calls tigers out of them."
                .to_owned(),
            deck: "tiger-shrine".to_owned(),
            bot: "easy".to_owned(),
            defense: 8,
            cards: vec!["SD06-006".to_owned()],
        },
    ]
}

fn default_relics() -> Vec<RelicDef> {
    let relic = |id: &str, name: &str, text: &str, effect| RelicDef {
        id: id.to_owned(),
        name: name.to_owned(),
        text: text.to_owned(),
        effect: Some(effect),
        card: None,
        status: None,
    };
    vec![
        relic(
            "ember-stone",
            "Ember Stone",
            "Restore 2 leader defense after each won fight.",
            RelicEffect::HealAfterFight(2),
        ),
        relic(
            "oak-heart",
            "Oak Heart",
            "Your most leader defense is 5 higher.",
            RelicEffect::MaxDefense(5),
        ),
        relic(
            "gilded-lantern",
            "Gilded Lantern",
            "Torches you place light one room farther.",
            RelicEffect::TorchRadius(1),
        ),
        relic(
            "miser-purse",
            "Miser's Purse",
            "Fights pay 25% more gold.",
            RelicEffect::FightGold(25),
        ),
        relic(
            "tinder-box",
            "Tinder Box",
            "Gain 2 torches.",
            RelicEffect::Torches(2),
        ),
        RelicDef {
            id: "viper-fang".to_owned(),
            name: "Viper Fang".to_owned(),
            text: "In every fight the enemy leader takes 1 damage at the start of each of its first 3 turns.".to_owned(),
            effect: None,
            card: None,
            status: Some(StatusGrant {
                status: "poison".to_owned(),
                target: crate::status::Target::Enemy,
                turns: 3,
                fights: 1,
            }),
        },
    ]
}
