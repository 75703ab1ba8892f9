// Souffle core dialect. Unsupported constructs are parsed far enough to point at them; the
// AST builder (AstBuilder) turns them into NotSupportedException with a position.
grammar Datalog;

program : statement* EOF ;

statement
    : declaration
    | typeDeclaration
    | directive
    | pragma
    | plan
    | component
    | instantiation
    | override
    | clause
    ;

// ---- components: templates of declarations and rules, expanded by the AST builder -------------
component : COMP IDENT typeParameters? (':' componentType (',' componentType)*)? '{' statement* '}' ;
typeParameters : '<' IDENT (',' IDENT)* '>' ;
componentType : IDENT ('<' typeName (',' typeName)* '>')? ;
instantiation : INIT IDENT '=' componentType ;
override : OVERRIDE IDENT ;

// ---- declarations --------------------------------------------------------------------------
declaration : DECL relationName (',' relationName)* '(' attributes? ')' qualifier* choiceDomain? ;
// Souffle's choice construct: each key (an attribute or a parenthesised list) determines the others.
choiceDomain : CHOICE_DOMAIN choiceKey (',' choiceKey)* ;
choiceKey : IDENT | '(' IDENT (',' IDENT)* ')' ;
relationName : IDENT ('.' IDENT)* ;
attributes : attribute (',' attribute)* ;
attribute : IDENT ':' typeName ;
typeName : IDENT ('.' IDENT)* ;
qualifier : IDENT ('-' IDENT)* qualifierOptions? ;
// Options of a qualifier, e.g. filter(fpr=0.001, kind=rsqf); AstBuilder checks which qualifier takes which.
qualifierOptions : '(' qualifierOption (',' qualifierOption)* ')' ;
qualifierOption : IDENT '=' (FLOAT | NUMBER | IDENT) ;

typeDeclaration
    : TYPE IDENT '<:' typeName                              # subtypeDecl
    | TYPE IDENT '=' typeName ('|' typeName)*               # unionDecl
    | TYPE IDENT '=' '[' attributes? ']'                    # recordTypeDecl
    | TYPE IDENT '=' adtBranch ('|' adtBranch)*             # adtTypeDecl
    | (NUMBER_TYPE | SYMBOL_TYPE) IDENT                      # legacyTypeDecl
    ;
adtBranch : IDENT '{' attributes? '}' ;

// ---- IO directives -------------------------------------------------------------------------
directive : (INPUT | OUTPUT | PRINTSIZE) directiveTarget (',' directiveTarget)* ;
directiveTarget : relationName ('(' (ioParam (',' ioParam)*)? ')')? ;
ioParam : paramKey '=' paramValue ;
paramKey : IDENT (('.' | '-') IDENT)* ;
paramValue : STRING | IDENT | NUMBER | TRUE | FALSE ;

pragma : PRAGMA STRING STRING? ;
plan : PLAN planItem (',' planItem)* ;
planItem : NUMBER ':' '(' (NUMBER (',' NUMBER)*)? ')' ;

// ---- clauses -------------------------------------------------------------------------------
// "r(x, a) <= r(x, b) :- a < b." is Souffle 2.3 subsumption, rejected as not supported.
clause : head (',' head)* (SUBSUMES dominated=atom)? (IF disjunction)? '.' ;
head : atom ;

atom : relationName '(' (argument (',' argument)*)? ')' ;

disjunction : conjunction (';' conjunction)* ;
conjunction : bodyTerm (',' bodyTerm)* ;
bodyTerm
    : '!' bodyTerm                                          # negatedTerm
    | '(' disjunction ')'                                   # groupTerm
    | atom                                                  # atomTerm
    | argument compOp argument                              # comparisonTerm
    | (MATCH | CONTAINS) '(' argument ',' argument ')'      # constraintFunctorTerm
    | TRUE                                                  # trueTerm
    | FALSE                                                 # falseTerm
    ;
compOp : '=' | '!=' | '<' | SUBSUMES | '>' | '>=' ;

// Operator precedence follows Souffle's parser.yy: ^ binds tightest (right-assoc), then unary,
// then * / %, + -, shifts, band, bxor, bor, land, lxor, lor.
argument
    : <assoc=right> argument '^' argument                   # powerExpr
    | '-' argument                                          # negExpr
    | (BNOT | LNOT) argument                                # notExpr
    | argument op=('*' | '/' | '%') argument                # mulExpr
    | argument op=('+' | '-') argument                      # addExpr
    | argument op=(BSHL | BSHR | BSHRU) argument            # shiftExpr
    | argument BAND argument                                # bandExpr
    | argument BXOR argument                                # bxorExpr
    | argument BOR argument                                 # borExpr
    | argument LAND argument                                # landExpr
    | argument LXOR argument                                # lxorExpr
    | argument LOR argument                                 # lorExpr
    | aggregateKind argument? ':' aggregateBody             # aggregateExpr
    | functorName '(' (argument (',' argument)*)? ')'       # functorExpr
    | '@' IDENT '(' (argument (',' argument)*)? ')'         # userFunctorExpr
    | AS '(' argument ',' typeName ')'                       # asExpr
    | ADT_CONSTRUCTOR ('(' (argument (',' argument)*)? ')')? # adtExpr
    | '[' (argument (',' argument)*)? ']'                   # recordExpr
    | NIL                                                   # nilExpr
    | '(' argument ')'                                      # parenExpr
    | NUMBER                                                # numberExpr
    | UNSIGNED                                              # unsignedExpr
    | FLOAT                                                 # floatExpr
    | STRING                                                # stringExpr
    | '$'                                                   # counterExpr
    | '_'                                                   # wildcardExpr
    | IDENT                                                 # varExpr
    ;
aggregateKind : COUNT | SUM | MIN | MAX | MEAN ;
aggregateBody : '{' disjunction '}' | atom ;
functorName
    : CAT | STRLEN | SUBSTR | CONTAINS | MATCH | TO_NUMBER | TO_STRING | ORD | MIN | MAX | RANGE
    | IDENT
    ;

// ---- lexer ---------------------------------------------------------------------------------
DECL : '.decl' ;
TYPE : '.type' ;
NUMBER_TYPE : '.number_type' ;
SYMBOL_TYPE : '.symbol_type' ;
INPUT : '.input' ;
OUTPUT : '.output' ;
PRINTSIZE : '.printsize' ;
PRAGMA : '.pragma' ;
PLAN : '.plan' ;
// Recognised so that they fail with "not supported" instead of a confusing syntax error.
CHOICE_DOMAIN : 'choice-domain' ;
COMP : '.comp' ;
INIT : '.init' ;
OVERRIDE : '.override' ;
UNSUPPORTED_DIRECTIVE : '.functor' | '.limitsize' | '.include' | '.once' ;
PREPROCESSOR : '#' ~[\r\n]* ;

IF : ':-' ;
SUBSUMES : '<=' ;
TRUE : 'true' ;
FALSE : 'false' ;
COUNT : 'count' ;
SUM : 'sum' ;
MIN : 'min' ;
MAX : 'max' ;
MEAN : 'mean' ;
RANGE : 'range' ;
CAT : 'cat' ;
STRLEN : 'strlen' ;
SUBSTR : 'substr' ;
CONTAINS : 'contains' ;
MATCH : 'match' ;
TO_NUMBER : 'to_number' ;
TO_STRING : 'to_string' ;
ORD : 'ord' ;
AS : 'as' ;
NIL : 'nil' ;
BAND : 'band' ;
BOR : 'bor' ;
BXOR : 'bxor' ;
BSHL : 'bshl' ;
BSHRU : 'bshru' ;
BSHR : 'bshr' ;
BNOT : 'bnot' ;
LAND : 'land' ;
LOR : 'lor' ;
LXOR : 'lxor' ;
LNOT : 'lnot' ;

// Souffle's float constants have no exponent: one is lexed only to be refused with a clear message
FLOAT : [0-9]+ '.' [0-9]+ ([eE] [+-]? [0-9]+)? ;
UNSIGNED : ('0x' [0-9a-fA-F]+ | '0b' [01]+ | [0-9]+) 'u' ;
NUMBER : '0x' [0-9a-fA-F]+ | '0b' [01]+ | [0-9]+ ;
STRING : '"' ('\\' . | ~["\\\r\n])* '"' ;
ADT_CONSTRUCTOR : '$' [a-zA-Z_?] [a-zA-Z0-9_?]* ;
IDENT : [a-zA-Z?] [a-zA-Z0-9_?]* | '_' [a-zA-Z0-9_?]+ ;

LINE_COMMENT : '//' ~[\r\n]* -> skip ;
// Kept on the hidden channel so that DatalogParser can report a comment that never ends.
BLOCK_COMMENT : '/*' .*? ('*/' | EOF) -> channel(HIDDEN) ;
WS : [ \t\r\n\f]+ -> skip ;

// Anything else becomes a token the parser cannot use, so the error points at it.
UNKNOWN_CHAR : . ;
