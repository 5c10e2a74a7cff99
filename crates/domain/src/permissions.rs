//! Who may do what: the permission table of spec 01 §6 and spec 02 §6 as data.
//!
//! A user with several roles is allowed when any of them allows; Admin may do everything. The
//! own-entity condition (DESIGN §5) is decided by the server with `Access` on top of this table.

use crate::codes::{PermissionAction, Role};

/// An area of the application guarded by the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Module {
    Dashboard,
    Federations,
    FederationRoles,
    Clubs,
    Teams,
    Competitions,
    CompetitionTeams,
    Matches,
    MatchLog,
    Coaches,
    Officials,
    Players,
    Persons,
    Users,
    Cities,
    /// Countries, categories, competition types and code lists: read by everyone signed in,
    /// written by admins (not in the spec's table; the issue decides it).
    ReferenceData,
}

impl Module {
    pub const ALL: &[Module] = &[
        Module::Dashboard,
        Module::Federations,
        Module::FederationRoles,
        Module::Clubs,
        Module::Teams,
        Module::Competitions,
        Module::CompetitionTeams,
        Module::Matches,
        Module::MatchLog,
        Module::Coaches,
        Module::Officials,
        Module::Players,
        Module::Persons,
        Module::Users,
        Module::Cities,
        Module::ReferenceData,
    ];
}

/// A set of roles, as bits in the order of `Role::ALL`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Roles(u8);

impl Roles {
    pub const NONE: Roles = Roles(0);
    pub const ALL: Roles = Roles(0b11_1111);

    pub const fn of(roles: &[Role]) -> Roles {
        let mut bits = 0;
        let mut i = 0;
        while i < roles.len() {
            bits |= 1 << roles[i] as u8;
            i += 1;
        }
        Roles(bits)
    }

    pub const fn contains(self, role: Role) -> bool {
        self.0 & (1 << role as u8) != 0
    }

    pub const fn intersects(self, other: Roles) -> bool {
        self.0 & other.0 != 0
    }
}

use Role::{Admin as A, Club as C, Coach as CO, Federation as F, Official as O};

const ALL: Roles = Roles::ALL;
const NONE: Roles = Roles::NONE;
const ADMIN: Roles = Roles::of(&[A]);
const AF: Roles = Roles::of(&[A, F]);
const AFC: Roles = Roles::of(&[A, F, C]);
const AFO: Roles = Roles::of(&[A, F, O]);

/// Module → roles for Read, Create, Update, Delete.
const TABLE: &[(Module, [Roles; 4])] = &[
    (Module::Dashboard, [ALL, NONE, NONE, NONE]),
    (Module::Federations, [ALL, ADMIN, AF, ADMIN]),
    (Module::FederationRoles, [AF, AF, AF, AF]),
    (Module::Clubs, [ALL, AF, AFC, AF]),
    (Module::Teams, [ALL, AFC, Roles::of(&[A, F, C, CO]), AFC]),
    (Module::Competitions, [ALL, AF, AF, AF]),
    (Module::CompetitionTeams, [AF, AF, AF, AF]),
    (Module::Matches, [ALL, AF, AFO, AF]),
    (Module::MatchLog, [ALL, AFO, AFO, AFO]),
    (Module::Coaches, [Roles::of(&[A, F, C, O]), AFC, AFC, AFC]),
    (Module::Officials, [AFO, AF, AFO, AF]),
    (
        Module::Players,
        [
            ALL,
            Roles::of(&[A, F, C, CO]),
            Roles::of(&[A, F, C, CO]),
            Roles::of(&[A, F, C, CO]),
        ],
    ),
    (
        Module::Persons,
        [ALL, Roles::of(&[A, F, C, CO]), ALL, ADMIN],
    ),
    (Module::Users, [ADMIN, ADMIN, ADMIN, ADMIN]),
    (Module::Cities, [ALL, ADMIN, ADMIN, ADMIN]),
    (Module::ReferenceData, [ALL, ADMIN, ADMIN, ADMIN]),
];

/// The roles the table gives `action` on `module`.
pub fn roles_for(module: Module, action: PermissionAction) -> Roles {
    let column = match action {
        PermissionAction::Read => 0,
        PermissionAction::Create => 1,
        PermissionAction::Update => 2,
        PermissionAction::Delete => 3,
    };
    TABLE
        .iter()
        .find(|(m, _)| *m == module)
        .map_or(NONE, |(_, row)| row[column])
}

/// Whether any of `roles` may do `action` on `module`.
pub fn allows(roles: &[Role], module: Module, action: PermissionAction) -> bool {
    roles.contains(&Role::Admin) || roles_for(module, action).intersects(Roles::of(roles))
}

/// Why a call was refused, so the person refused learns which rule stood in the way: the
/// permission table, or whose record it is (DESIGN §5 own-entity condition).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The permission table gives the action on the module to other roles.
    Table(Module, PermissionAction),
    /// The federation, or what belongs to it, is another federation's.
    Federation,
    Club,
    Team,
    Competition,
    Match,
    Player,
    Coach,
    Official,
    Person,
    /// A club account may not move its club to another federation.
    MoveClub,
    /// An official edits a match's status and details, not its fixture.
    Fixture,
    /// Assigning a match's officials follows Create on Officials (spec 02 §6).
    AssignOfficials,
    /// Without a PIN, the caller's identity is all that says who confirms.
    ConfirmSelf,
    /// Imports, exports, backups and restores act on the whole store.
    AdminOnly,
    /// A record that is not there is, to anyone but an admin, one they may not change: the
    /// answer must not tell which ids exist.
    Record,
    /// The account must use two-step sign-in and has not turned it on yet.
    TwoStepFirst,
    /// The account must use two-step sign-in, so its user may not turn it off.
    TwoStepKept,
}

/// What every refusal says first; the rule follows it.
pub const REFUSED: &str = "You do not have permission to do this.";

impl Refusal {
    /// The rule that refused, as one sentence.
    pub fn rule(self) -> String {
        let text = match self {
            Refusal::Table(module, action) => {
                return format!(
                    "{} {} is for {}.",
                    action_verb(action),
                    module_noun(module),
                    roles_text(roles_for(module, action))
                );
            }
            Refusal::Federation => {
                "Federation staff change only their own federation and what belongs to it."
            }
            Refusal::Club => {
                "A club is changed by its own staff and by the staff of its federation."
            }
            Refusal::Team => {
                "A team is changed by the staff of its club or federation and by the club managers who coach it."
            }
            Refusal::Competition => {
                "Federation staff change only their own federation's competitions."
            }
            Refusal::Match => {
                "A match is changed by the staff of its competition's federation and by the officials assigned to it."
            }
            Refusal::Player => "A player is changed by the staff of a club or team they play for.",
            Refusal::Coach => {
                "A club manager is changed by the staff of a club or team they manage."
            }
            Refusal::Official => {
                "An official is changed by themselves and by the staff of a federation they hold a role in."
            }
            Refusal::Person => {
                "A person is changed by themselves and by the staff who manage them as a player, club manager or official."
            }
            Refusal::MoveClub => {
                "Only federation staff and administrators move a club to another federation."
            }
            Refusal::Fixture => {
                "An official changes a match's status and details, not its competition or teams."
            }
            Refusal::AssignOfficials => {
                "Assigning a match's officials is for administrators and federation staff."
            }
            Refusal::ConfirmSelf => {
                "Without a PIN, only an official of the match confirms it as themselves."
            }
            Refusal::AdminOnly => "Imports, exports, backups and restores are for administrators.",
            Refusal::Record => "This record is not one your account may change.",
            Refusal::TwoStepFirst => crate::users::TWO_STEP_FIRST,
            Refusal::TwoStepKept => "Your account must use two-step sign-in, so it stays on.",
        };
        text.to_owned()
    }

    /// The whole message of the refusal.
    pub fn message(self) -> String {
        format!("{REFUSED} {}", self.rule())
    }
}

fn action_verb(action: PermissionAction) -> &'static str {
    match action {
        PermissionAction::Read => "Reading",
        PermissionAction::Create => "Adding",
        PermissionAction::Update => "Changing",
        PermissionAction::Delete => "Deleting",
    }
}

fn module_noun(module: Module) -> &'static str {
    match module {
        Module::Dashboard => "the dashboard",
        Module::Federations => "federations",
        Module::FederationRoles => "officials' federation roles",
        Module::Clubs => "clubs",
        Module::Teams => "teams",
        Module::Competitions => "competitions",
        Module::CompetitionTeams => "a competition's teams",
        Module::Matches => "matches",
        Module::MatchLog => "match logs",
        Module::Coaches => "club managers",
        Module::Officials => "officials",
        Module::Players => "players",
        Module::Persons => "persons",
        Module::Users => "user accounts",
        Module::Cities => "cities",
        Module::ReferenceData => "reference data",
    }
}

/// The roles of a table cell as a reader says them; admins are always among them.
fn roles_text(roles: Roles) -> String {
    if roles == Roles::ALL {
        return "everyone signed in".to_owned();
    }
    let names: Vec<&str> = Role::ALL
        .iter()
        .filter(|&&role| role == Role::Admin || roles.contains(role))
        .map(|role| match role {
            Role::Admin => "administrators",
            Role::Federation => "federation staff",
            Role::Club => "club staff",
            Role::Person => "persons",
            Role::Coach => "club managers",
            Role::Official => "officials",
        })
        .collect();
    match names.split_last() {
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PermissionAction::{Create, Delete, Read, Update};

    #[test]
    fn every_module_has_a_row() {
        for module in Module::ALL {
            assert!(
                TABLE.iter().any(|(m, _)| m == module),
                "{module:?} has no row"
            );
        }
        assert_eq!(TABLE.len(), Module::ALL.len());
    }

    #[test]
    fn spot_checks_against_the_spec_table() {
        // Coaches may not read the coach list; officials may.
        assert!(!allows(&[Role::Coach], Module::Coaches, Read));
        assert!(allows(&[Role::Official], Module::Coaches, Read));
        // A coach may update teams but not create them.
        assert!(allows(&[Role::Coach], Module::Teams, Update));
        assert!(!allows(&[Role::Coach], Module::Teams, Create));
        // Every role may update persons; only admins delete them.
        assert!(allows(&[Role::Person], Module::Persons, Update));
        assert!(!allows(&[Role::Federation], Module::Persons, Delete));
        // Users are admin only; admin may do anything.
        assert!(!allows(
            &[Role::Federation, Role::Club],
            Module::Users,
            Read
        ));
        assert!(allows(&[Role::Admin], Module::Users, Delete));
        // Several roles: any one suffices.
        assert!(allows(
            &[Role::Person, Role::Official],
            Module::MatchLog,
            Create
        ));
        assert!(!allows(&[], Module::Dashboard, Read));
        assert!(allows(&[Role::Person], Module::Dashboard, Read));
    }

    #[test]
    fn a_table_refusal_names_the_roles_the_table_allows() {
        assert_eq!(
            Refusal::Table(Module::Clubs, Delete).message(),
            "You do not have permission to do this. Deleting clubs is for administrators and federation staff."
        );
        assert_eq!(
            Refusal::Table(Module::Teams, Update).rule(),
            "Changing teams is for administrators, federation staff, club staff and club managers."
        );
        assert_eq!(
            Refusal::Table(Module::Users, Read).rule(),
            "Reading user accounts is for administrators."
        );
        assert_eq!(
            Refusal::Table(Module::Persons, Update).rule(),
            "Changing persons is for everyone signed in."
        );
    }
}
