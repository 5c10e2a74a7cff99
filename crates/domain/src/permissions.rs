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
}
