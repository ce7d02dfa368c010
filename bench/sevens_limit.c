// The C yardstick of DESIGN.md "Speed", copied unchanged (below this header) from /work/shared/bench/sevens_limit.c
// (the project's shared folder, outside the repository) so that a plain checkout can build it; bench/c_yardstick.py
// compiles it the one way every bench script uses: gcc -O2, one thread.
// Physical-limit probe: random 4-player Japanese sevens playouts in tight C.
// Rules: 7s pre-placed, play adjacent to the run through 7 (no wrap), voluntary pass allowed
// with a limit of 3; a 4th pass (or no play with no passes left) eliminates the player and lays
// their cards on the table. Random agent: uniform over legal actions (cards + pass if passes remain).
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
static uint64_t s[2]={0x9E3779B97F4A7C15ULL,0xBF58476D1CE4E5B9ULL};
static inline uint64_t rnd(void){uint64_t s1=s[0];const uint64_t s0=s[1];s[0]=s0;s1^=s1<<23;s[1]=s1^s0^(s1>>17)^(s0>>26);return s[1]+s0;}
static inline int popc(uint64_t x){return __builtin_popcountll(x);}
static inline int nth_bit(uint64_t x,int n){while(n--) x&=x-1; return __builtin_ctzll(x);}
// card index = suit*13 + rank(0=A..12=K)
static uint64_t playable(uint64_t field){
  uint64_t m=0;
  for(int su=0;su<4;su++){
    int b=su*13; int lo=6,hi=6;
    if(!((field>>(b+6))&1)) continue;
    while(lo>0 && ((field>>(b+lo-1))&1)) lo--;
    while(hi<12 && ((field>>(b+hi+1))&1)) hi++;
    if(lo>0) m|=1ULL<<(b+lo-1);
    if(hi<12) m|=1ULL<<(b+hi+1);
  }
  return m;
}
int main(int argc,char**argv){
  long games=argc>1?atol(argv[1]):1000000; int np=4; long steps=0;
  struct timespec t0,t1; clock_gettime(CLOCK_MONOTONIC,&t0);
  for(long g=0;g<games;g++){
    uint64_t hand[8]={0}; int deck[52]; for(int i=0;i<52;i++)deck[i]=i;
    for(int i=51;i>0;i--){int j=rnd()%(i+1);int t=deck[i];deck[i]=deck[j];deck[j]=t;}
    for(int i=0;i<52;i++) hand[i%np]|=1ULL<<deck[i];
    uint64_t field=0; for(int su=0;su<4;su++){uint64_t c=1ULL<<(su*13+6); field|=c; for(int p=0;p<np;p++) hand[p]&=~c;}
    int passes[8]={0}, out[8]={0}; int active=0; for(int p=0;p<np;p++){ if(hand[p]) active++; else out[p]=1; }
    int p=0;
    while(active>1){
      if(out[p]){p=(p+1)%np;continue;}
      uint64_t leg=hand[p]&playable(field); int n=popc(leg); int canpass=passes[p]<3;
      int k=n+canpass; steps++;
      if(k==0){ field|=hand[p]; hand[p]=0; out[p]=1; active--; }
      else { int r=rnd()%k; if(r<n){ int c=nth_bit(leg,r); field|=1ULL<<c; hand[p]&=~(1ULL<<c); if(!hand[p]){out[p]=1;active--;} } else passes[p]++; }
      p=(p+1)%np;
    }
  }
  clock_gettime(CLOCK_MONOTONIC,&t1); double dt=(t1.tv_sec-t0.tv_sec)+(t1.tv_nsec-t0.tv_nsec)*1e-9;
  printf("games=%ld steps=%ld time=%.3fs games/s=%.0f steps/s=%.0f\n",games,steps,dt,games/dt,steps/dt);
}
